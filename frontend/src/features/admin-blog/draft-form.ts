/**
 * The editor's form: every field of spec 02 §2 as the inputs hold them (tags as a comma string), how a post
 * fills it, what a save sends, whether saving is allowed (§5), and the unsaved draft kept in localStorage so
 * it survives a reload until it is saved.
 */
import type { CoverAspect, CoverFit, CoverWidth, Post, PostStatus } from '@evently/blog/contracts';

export interface DraftForm {
  title: string;
  excerpt: string;
  content: string;
  category: string;
  tags: string;
  cover_image: string;
  cover_visible: boolean;
  cover_aspect: CoverAspect;
  cover_fit: CoverFit;
  cover_width: CoverWidth;
  status: PostStatus;
}

/** What is on the editor: a new post, or an existing one by id and slug. */
export interface EditorState {
  postId: string | null;
  slug: string | null;
  form: DraftForm;
}

export const EMPTY_FORM: DraftForm = {
  title: '',
  excerpt: '',
  content: '',
  category: '',
  tags: '',
  cover_image: '',
  cover_visible: true,
  cover_aspect: '16:9',
  cover_fit: 'cover',
  cover_width: 'full',
  status: 'draft',
};

export function formOf(post: Post): DraftForm {
  return {
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    category: post.category,
    tags: post.tags.join(', '),
    cover_image: post.cover_image ?? '',
    cover_visible: post.cover_visible,
    cover_aspect: post.cover_aspect,
    cover_fit: post.cover_fit,
    cover_width: post.cover_width,
    status: post.status,
  };
}

/** Spec 02 §5: blocked when the title is empty, or when a new post has empty content. */
export function saveBlockedReason(state: EditorState): string | null {
  if (!state.form.title.trim()) return 'Add a title to save.';
  if (state.postId === null && !state.form.content.trim()) return 'Write some content to save a new post.';
  return null;
}

export const DRAFT_KEY = 'evently.blog-editor-draft';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function saveDraft(state: EditorState): void {
  try {
    storage()?.setItem(DRAFT_KEY, JSON.stringify(state));
  } catch {
    // A full or disabled storage only loses the reload safety net.
  }
}

export function clearDraft(): void {
  try {
    storage()?.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** The kept draft, if any, merged over the empty form so a draft from an older build still loads. */
export function loadDraft(): EditorState | null {
  try {
    const raw = storage()?.getItem(DRAFT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<EditorState> | null;
    if (!parsed || typeof parsed.form !== 'object' || parsed.form === null) return null;
    return {
      postId: typeof parsed.postId === 'string' ? parsed.postId : null,
      slug: typeof parsed.slug === 'string' ? parsed.slug : null,
      form: { ...EMPTY_FORM, ...parsed.form },
    };
  } catch {
    return null;
  }
}
