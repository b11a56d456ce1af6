import { useId, useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { BlogCover } from '../../components/blog-cover/blog-cover.tsx';
import { COVER_ASPECTS, COVER_FITS, type CoverWidth } from '@evently/blog/contracts';
import type { DraftForm, EditorState } from './draft-form.ts';
import { EditorToolbar } from './editor-toolbar.tsx';
import type { Edit } from './insert-markdown.ts';
import { COVER_HINT } from './messages.ts';

/** Spec 02 §3 gives the widths two names each; the stored value is the short one (decision 016). */
const WIDTH_LABELS: Record<CoverWidth, string> = { full: 'Full width', lg: 'Large (lg)', md: 'Medium (md)' };
/** Spec 02 §9: the body has 12 rows. */
const BODY_ROWS = 12;

interface Props {
  state: EditorState;
  onChange(form: DraftForm): void;
  onSave(): void;
  onCancel(): void;
  saving: boolean;
  blockedReason: string | null;
  error: string | null;
  detail: string | null;
}

/** Spec 02 "Blog tab": the editor card, New Post or Edit Post, with every field of the post. */
export function PostEditor({ state, onChange, onSave, onCancel, saving, blockedReason, error, detail }: Props) {
  const id = useId();
  const body = useRef<HTMLTextAreaElement>(null);
  const pendingSelection = useRef<[number, number] | null>(null);
  const { form } = state;
  const editing = state.postId !== null;
  const set =
    <K extends keyof DraftForm>(key: K) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      onChange({
        ...form,
        [key]: (event.target.type === 'checkbox'
          ? (event.target as HTMLInputElement).checked
          : event.target.value) as DraftForm[K],
      });

  const applyEdit = (edit: (text: string, start: number, end: number) => Edit) => {
    const area = body.current;
    const start = area?.selectionStart ?? form.content.length;
    const end = area?.selectionEnd ?? form.content.length;
    const next = edit(form.content, start, end);
    pendingSelection.current = [next.selectionStart, next.selectionEnd];
    onChange({ ...form, content: next.text });
  };

  // Once React has written the edited text (before the next keystroke can arrive), the selection goes where the
  // edit says, so the author keeps typing there.
  useLayoutEffect(() => {
    const selection = pendingSelection.current;
    if (!selection || !body.current) return;
    pendingSelection.current = null;
    body.current.focus();
    body.current.setSelectionRange(selection[0], selection[1]);
  }, [form.content]);

  const showPreview = form.cover_visible && form.cover_image.trim() !== '';

  return (
    <form
      className="admin-workspace__panel blog-editor text-fields"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!blockedReason && !saving) onSave();
      }}
    >
      <div className="admin-workspace__head">
        <h2 id={`${id}-title`}>{editing ? 'Edit Post' : 'New Post'}</h2>
        {editing && state.slug && (
          <a
            href={`/blog/${state.slug}?preview=1`}
            target="_blank"
            rel="noopener"
            className="blog-editor__preview-link"
          >
            Preview
          </a>
        )}
      </div>

      <label className="blog-field">
        <span>Title</span>
        <input value={form.title} onChange={set('title')} maxLength={200} required />
      </label>
      <label className="blog-field">
        <span>Excerpt</span>
        <textarea value={form.excerpt} onChange={set('excerpt')} rows={2} maxLength={500} />
      </label>

      <div className="blog-field">
        <label htmlFor={`${id}-content`}>Content</label>
        <EditorToolbar onEdit={applyEdit} controls={`${id}-content`} />
        <textarea id={`${id}-content`} ref={body} value={form.content} onChange={set('content')} rows={BODY_ROWS} />
        <small className="blog-field__help">
          Markdown: **bold**, # Heading, [link](https://…). A line break stays a line break.
        </small>
      </div>

      <div className="blog-editor__grid">
        <label className="blog-field">
          <span>Category</span>
          <input value={form.category} onChange={set('category')} maxLength={50} placeholder="City Guides" />
        </label>
        <label className="blog-field">
          <span>Tags (comma separated)</span>
          <input value={form.tags} onChange={set('tags')} placeholder="lisbon, music, weekend" />
        </label>
      </div>

      <fieldset className="blog-editor__cover">
        <legend>Cover</legend>
        <label className="blog-field">
          <span>Cover image URL</span>
          <input
            value={form.cover_image}
            onChange={set('cover_image')}
            inputMode="url"
            placeholder="/static/blog/covers/name-1200w.webp"
          />
        </label>
        <label className="blog-check">
          <input type="checkbox" checked={form.cover_visible} onChange={set('cover_visible')} />
          <span>Show cover</span>
        </label>
        <div className="blog-editor__grid blog-editor__grid--three">
          <label className="blog-field">
            <span>Cover aspect</span>
            <select value={form.cover_aspect} onChange={set('cover_aspect')}>
              {COVER_ASPECTS.map((value) => (
                <option key={value}>{value}</option>
              ))}
            </select>
          </label>
          <label className="blog-field">
            <span>Cover fit</span>
            <select value={form.cover_fit} onChange={set('cover_fit')}>
              {COVER_FITS.map((value) => (
                <option key={value}>{value}</option>
              ))}
            </select>
          </label>
          <label className="blog-field">
            <span>Cover width</span>
            <select value={form.cover_width} onChange={set('cover_width')}>
              {Object.entries(WIDTH_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        </div>
        {showPreview && (
          <div className="blog-editor__cover-preview">
            <BlogCover cover={{ ...form, cover_image: form.cover_image.trim() }} sizes="400px" />
            <p className="blog-field__help">{COVER_HINT}</p>
          </div>
        )}
      </fieldset>

      <label className="blog-field blog-editor__status">
        <span>Status</span>
        <select value={form.status} onChange={set('status')}>
          <option value="draft">Draft</option>
          <option value="published">Published</option>
        </select>
      </label>

      {error && (
        <div className="alert alert--error" role="alert">
          <p>{error}</p>
          {detail && <p className="blog-editor__detail">{detail}</p>}
        </div>
      )}

      <div className="blog-editor__actions">
        {blockedReason && <span className="blog-field__help">{blockedReason}</span>}
        {editing && (
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={saving || blockedReason !== null}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
