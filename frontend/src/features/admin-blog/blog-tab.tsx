import { useState } from 'react';
import { httpStatusOf, isUnauthorized, serverText } from '../../lib/support/request-error.ts';
import type { PostListItem } from '@evently/blog/contracts';
import { useAdminPostsQuery, useDeletePostMutation, useLazyAdminPostQuery, useSavePostMutation } from './api.ts';
import {
  EMPTY_FORM,
  clearDraft,
  formOf,
  loadDraft,
  saveBlockedReason,
  saveDraft,
  type DraftForm,
  type EditorState,
} from './draft-form.ts';
import { DELETE_FAILED, saveFailed } from './messages.ts';
import { PostEditor } from './post-editor.tsx';
import { PostList } from './post-list.tsx';
import './blog-tab.css';

const NEW_POST: EditorState = { postId: null, slug: null, form: EMPTY_FORM };

interface Failure {
  message: string;
  detail: string | null;
}

/** Spec 02 "Blog tab": the posts on the left, the editor on the right. */
export function BlogTab() {
  const list = useAdminPostsQuery();
  const [loadPost] = useLazyAdminPostQuery();
  const [savePost, saveCall] = useSavePostMutation();
  const [deletePost] = useDeletePostMutation();
  // An unsaved draft from before a reload comes back; it is dropped once saved.
  const [editor, setEditor] = useState<EditorState>(() => loadDraft() ?? NEW_POST);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const show = (next: EditorState, keep: boolean) => {
    setEditor(next);
    setFailure(null);
    if (keep) saveDraft(next);
    else clearDraft();
  };

  const change = (form: DraftForm) => {
    setNotice(null);
    show({ ...editor, form }, true);
  };

  const open = async (post: PostListItem) => {
    setNotice(null);
    try {
      const full = await loadPost(post.slug).unwrap();
      show({ postId: full.id, slug: full.slug, form: formOf(full) }, false);
    } catch (error) {
      // A 401 has sent the panel to the login already.
      if (!isUnauthorized(error)) setFailure({ message: 'Could not open the post', detail: null });
    }
  };

  const save = async () => {
    setFailure(null);
    try {
      const saved = await savePost({ id: editor.postId, form: editor.form }).unwrap();
      show({ postId: saved.id, slug: saved.slug, form: formOf(saved) }, false);
      setNotice(saved.status === 'published' ? 'Saved and published.' : 'Saved as a draft.');
    } catch (error) {
      if (isUnauthorized(error)) return;
      setFailure({ message: saveFailed(httpStatusOf(error) ?? 'network error'), detail: serverText(error) ?? null });
    }
  };

  const remove = async (post: PostListItem) => {
    if (!window.confirm(`Delete "${post.title}"? This cannot be undone.`)) return;
    setDeletingId(post.id);
    try {
      await deletePost(post.id).unwrap();
      if (editor.postId === post.id) show(NEW_POST, false);
    } catch (error) {
      if (!isUnauthorized(error)) window.alert(DELETE_FAILED);
    } finally {
      setDeletingId(null);
    }
  };

  const posts = list.currentData ?? [];
  // A 401 is not a list failure: the panel goes back to the login.
  const listFailed = list.isError && !isUnauthorized(list.error);

  return (
    <div className="admin-workspace">
      <section
        className="admin-workspace__panel admin-workspace__panel--padded admin-workspace__sticky"
        aria-label="Posts"
      >
        <div className="admin-workspace__head">
          <h2>Blog Posts</h2>
          <button
            type="button"
            className="btn btn-primary btn-small"
            onClick={() => {
              setNotice(null);
              show(NEW_POST, false);
            }}
          >
            New Post
          </button>
        </div>
        {list.isLoading ? (
          <p className="admin-workspace__state" role="status">
            Loading...
          </p>
        ) : list.isError ? (
          listFailed && (
            <div className="alert alert--error" role="alert">
              <p>Failed to load posts</p>
              <button type="button" className="btn btn-small" onClick={() => void list.refetch()}>
                Retry
              </button>
            </div>
          )
        ) : posts.length === 0 ? (
          <p className="admin-workspace__state">No posts yet</p>
        ) : (
          <PostList
            posts={posts}
            selectedId={editor.postId}
            onOpen={(post) => void open(post)}
            onDelete={(post) => void remove(post)}
            deletingId={deletingId}
          />
        )}
      </section>
      <section>
        {notice && (
          <p className="blog-tab__notice" role="status">
            {notice}
          </p>
        )}
        <PostEditor
          key={editor.postId ?? 'new'}
          state={editor}
          onChange={change}
          onSave={() => void save()}
          onCancel={() => {
            setNotice(null);
            show(NEW_POST, false);
          }}
          saving={saveCall.isLoading}
          blockedReason={saveBlockedReason(editor)}
          error={failure?.message ?? null}
          detail={failure?.detail ?? null}
        />
      </section>
    </div>
  );
}
