/**
 * Claims slugs in the registry (`blog_slugs`) inside the caller's transaction. A slug is free when no post
 * holds it, or when it is one of this post's own earlier slugs (a post renamed back gets its old address).
 * Two posts created at once with one title cannot both win: the registry id is the slug, so the second insert
 * breaks the unique id and its transaction is retried by the command on the fresh state.
 */
import type { DocumentTransaction, VersionRetryOptions } from '@evently/platform';
import { slugCandidate, slugify } from '../domain/slug.ts';
import { BLOG_SLUGS, type SlugRecord } from '../infra/collections.ts';

const MAX_ATTEMPTS = 1000;

/** Post writes retry a lost slug race too: two posts claiming one slug collide on the registry's unique key. */
export const SLUG_RACES: VersionRetryOptions = { onUniqueConflict: true };

export async function claimSlug(tx: DocumentTransaction, title: string, postId: string): Promise<string> {
  const base = slugify(title);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const slug = slugCandidate(base, attempt);
    const holder = await tx.get<SlugRecord>(BLOG_SLUGS, slug);
    if (!holder) {
      await tx.insert<SlugRecord>(BLOG_SLUGS, { id: slug, post_id: postId });
      return slug;
    }
    if (holder.post_id === postId) return slug;
  }
  throw new Error(`No free slug for "${base}" after ${MAX_ATTEMPTS} attempts`);
}

export async function releaseSlugs(tx: DocumentTransaction, postId: string): Promise<void> {
  for (const record of await tx.find<SlugRecord>(BLOG_SLUGS, { where: { post_id: postId } })) {
    await tx.delete(BLOG_SLUGS, record.id);
  }
}
