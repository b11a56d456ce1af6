/**
 * Claims slugs in the registry (`blog_slugs`) inside the caller's transaction. A slug is free when no post
 * holds it, or when it is one of this post's own earlier slugs (a post renamed back gets its old address).
 * Two posts created at once with one title cannot both win: the registry id is the slug, so the second insert
 * breaks the unique id and its transaction is retried by the command on the fresh state.
 */
import type { DocumentTransaction, VersionRetryOptions } from '@evently/platform';
import { slugCandidate, slugify } from '../domain/slug.ts';
import { blogSlugs } from '../infra/collections.ts';

const MAX_ATTEMPTS = 1000;

/** Post writes retry a lost slug race too: two posts claiming one slug collide on the registry's unique key. */
export const SLUG_RACES: VersionRetryOptions = { onUniqueConflict: true };

export async function claimSlug(tx: DocumentTransaction, title: string, postId: string): Promise<string> {
  const base = slugify(title);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const slug = slugCandidate(base, attempt);
    const holder = await blogSlugs.get(tx, slug);
    if (!holder) {
      await blogSlugs.insert(tx, { id: slug, post_id: postId });
      return slug;
    }
    if (holder.post_id === postId) return slug;
  }
  throw new Error(`No free slug for "${base}" after ${MAX_ATTEMPTS} attempts`);
}

export async function releaseSlugs(tx: DocumentTransaction, postId: string): Promise<void> {
  for (const record of await blogSlugs.find(tx, { where: { post_id: postId } })) {
    await blogSlugs.delete(tx, record.id);
  }
}
