import { useId, useRef, useState, type FormEvent } from 'react';
import { serverText } from '../../lib/support/request-error.ts';
import type { CannedReplyView as CannedReply } from '@evently/support/contracts';
import { WorkspaceDialog } from './workspace-dialog.tsx';
import { useCannedRepliesQuery, useDeleteCannedReplyMutation, useSaveCannedReplyMutation } from './api.ts';

interface Draft {
  id?: string;
  title: string;
  body: string;
}

const EMPTY: Draft = { title: '', body: '' };

/** The team's saved answers: list, add, edit and delete; `{{name}}` and `{{ticket_number}}` are filled on insert. */
export function CannedRepliesManager({ onClose }: { onClose(): void }) {
  const id = useId();
  const list = useCannedRepliesQuery();
  const [save, saveCall] = useSaveCannedReplyMutation();
  const [remove, removeCall] = useDeleteCannedReplyMutation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const title = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.title.trim() || !draft.body.trim()) return;
    setError(null);
    try {
      await save({
        ...(draft.id ? { id: draft.id } : {}),
        title: draft.title.trim(),
        body: draft.body.trim(),
      }).unwrap();
      setDraft(EMPTY);
    } catch (failure) {
      setError(serverText(failure) ?? 'The canned reply could not be saved');
    }
  };

  const deleteReply = async (reply: CannedReply) => {
    if (!window.confirm(`Delete the canned reply "${reply.title}"?`)) return;
    setError(null);
    try {
      await remove(reply.id).unwrap();
      if (draft.id === reply.id) setDraft(EMPTY);
    } catch (failure) {
      setError(serverText(failure) ?? 'The canned reply could not be deleted');
    }
  };

  const replies = list.currentData ?? [];
  return (
    <WorkspaceDialog title="Canned replies" className="canned-manager" initialFocus={title} onClose={onClose}>
      <p className="keyboard-help__lead">
        Type <kbd>/</kbd> in the reply box to insert one. <code>{'{{name}}'}</code> becomes the visitor&apos;s name and{' '}
        <code>{'{{ticket_number}}'}</code> the ticket number.
      </p>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      {list.isLoading ? (
        <p role="status">Loading canned replies...</p>
      ) : list.isError ? (
        <p className="alert alert--error" role="alert">
          Canned replies could not be loaded.
        </p>
      ) : replies.length === 0 ? (
        <p className="canned-manager__empty">No canned replies yet.</p>
      ) : (
        <ul className="canned-manager__list">
          {replies.map((reply) => (
            <li key={reply.id}>
              <div>
                <strong>{reply.title}</strong>
                <span>{reply.body}</span>
              </div>
              <button
                type="button"
                className="btn btn-small"
                aria-label={`Edit ${reply.title}`}
                onClick={() => setDraft({ id: reply.id, title: reply.title, body: reply.body })}
              >
                Edit
              </button>
              <button
                type="button"
                className="btn btn-small btn-danger"
                aria-label={`Delete ${reply.title}`}
                disabled={removeCall.isLoading}
                onClick={() => void deleteReply(reply)}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="canned-manager__form" onSubmit={submit}>
        <h3>{draft.id ? 'Edit canned reply' : 'New canned reply'}</h3>
        <label htmlFor={`${id}-canned-title`}>Title</label>
        <input
          ref={title}
          id={`${id}-canned-title`}
          maxLength={120}
          value={draft.title}
          onChange={(event) => setDraft({ ...draft, title: event.target.value })}
        />
        <label htmlFor={`${id}-canned-body`}>Text</label>
        <textarea
          id={`${id}-canned-body`}
          rows={4}
          maxLength={5000}
          value={draft.body}
          onChange={(event) => setDraft({ ...draft, body: event.target.value })}
        />
        <div className="canned-manager__actions">
          {draft.id && (
            <button type="button" className="btn btn-small" onClick={() => setDraft(EMPTY)}>
              Cancel edit
            </button>
          )}
          <button
            type="submit"
            className="btn btn-primary btn-small"
            disabled={saveCall.isLoading || !draft.title.trim() || !draft.body.trim()}
          >
            {saveCall.isLoading ? 'Saving...' : draft.id ? 'Save changes' : 'Add canned reply'}
          </button>
          <button type="button" className="btn btn-small" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
    </WorkspaceDialog>
  );
}
