import { useId, useImperativeHandle, useRef, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import type { CannedReplyView as CannedReply } from '@evently/support/contracts';
import { fillCannedReply, matchingReplies, slashQueryAt } from './canned-picker.ts';

export type ComposerMode = 'reply' | 'note';

export interface ComposerHandle {
  /** Opens the box in one mode and puts the caret in it (the r and n shortcuts). */
  focus(mode: ComposerMode): void;
}

interface Props {
  disabled: boolean;
  /** Resolves true when the message was sent (the box then empties). */
  onSend(message: string, mode: ComposerMode): Promise<boolean>;
  /** Saved answers offered when the agent types `/`. */
  cannedReplies: readonly CannedReply[];
  /** What `{{name}}` and `{{ticket_number}}` become when the server's rendering cannot be had. */
  values: { name: string; ticket_number: string };
  /** The server's rendering of a canned reply for this ticket. */
  render?(reply: CannedReply): Promise<string>;
  /** Each keystroke of a reply (not of a note): the others see this agent typing. */
  onTyping?(): void;
  onStopTyping?(): void;
  handle?: Ref<ComposerHandle>;
}

/**
 * Spec 02 "Send Reply" (blank after trimming cannot be sent; 'Sending...' while busy), with a second mode for
 * internal notes and `/` to pick a canned reply.
 */
export function ReplyForm({ disabled, onSend, cannedReplies, values, render, onTyping, onStopTyping, handle }: Props) {
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [mode, setMode] = useState<ComposerMode>('reply');
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const [slash, setSlash] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const blank = message.trim() === '';
  const note = mode === 'note';
  const options = slash ? matchingReplies(cannedReplies, slash.query).slice(0, 8) : [];
  const pickerOpen = slash !== null && !disabled;

  useImperativeHandle(handle, () => ({
    focus(next) {
      setMode(next);
      requestAnimationFrame(() => box.current?.focus());
    },
  }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (blank || sending || disabled) return;
    setSending(true);
    onStopTyping?.();
    const sent = await onSend(message.trim(), mode);
    setSending(false);
    if (sent) setMessage('');
  };

  const change = (text: string, caret: number) => {
    setMessage(text);
    const found = slashQueryAt(text, caret);
    setSlash(found);
    setActive(0);
    if (!note && text.trim()) onTyping?.();
    if (!text.trim()) onStopTyping?.();
  };

  const insert = async (reply: CannedReply) => {
    if (!slash) return;
    setSlash(null);
    let filled: string;
    try {
      filled = render ? await render(reply) : fillCannedReply(reply.body, values);
    } catch {
      // Same placeholders, filled here: the agent keeps working while the server is unreachable.
      filled = fillCannedReply(reply.body, values);
    }
    const caret = slash.start + 1 + slash.query.length;
    const next = message.slice(0, slash.start) + filled + message.slice(caret);
    setMessage(next);
    if (!note) onTyping?.();
    requestAnimationFrame(() => {
      const end = slash.start + filled.length;
      box.current?.focus();
      box.current?.setSelectionRange(end, end);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void onSubmit(event);
      return;
    }
    if (!pickerOpen) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      setSlash(null);
    } else if (options.length > 0 && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
    } else if (options.length > 0 && (event.key === 'Enter' || event.key === 'Tab')) {
      event.preventDefault();
      void insert(options[Math.min(active, options.length - 1)]!);
    }
  };

  const label = note ? 'Internal note' : 'Send Reply';
  return (
    <form className={`reply-form${note ? ' reply-form--note' : ''}`} onSubmit={onSubmit}>
      <div className="reply-form__modes" role="group" aria-label="Write">
        <button type="button" className="reply-form__mode" aria-pressed={!note} onClick={() => setMode('reply')}>
          Reply to visitor
        </button>
        <button type="button" className="reply-form__mode" aria-pressed={note} onClick={() => setMode('note')}>
          Internal note
        </button>
      </div>
      <label htmlFor={`${id}-reply`} className={note ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <div className="reply-form__box">
        <textarea
          ref={box}
          id={`${id}-reply`}
          rows={4}
          maxLength={5000}
          placeholder={
            note ? 'Only the team sees this note…' : 'Write a reply to the visitor… Type / for a canned reply.'
          }
          value={message}
          disabled={disabled}
          role={pickerOpen ? 'combobox' : undefined}
          aria-expanded={pickerOpen ? true : undefined}
          aria-controls={pickerOpen ? `${id}-canned` : undefined}
          aria-activedescendant={
            pickerOpen && options.length > 0 ? `${id}-canned-${Math.min(active, options.length - 1)}` : undefined
          }
          aria-autocomplete={pickerOpen ? 'list' : undefined}
          onChange={(event) => change(event.target.value, event.target.selectionStart)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            onStopTyping?.();
            // A click on a canned reply lands before the blur closes the list.
            setTimeout(() => setSlash(null), 150);
          }}
        />
        {pickerOpen && (
          <ul id={`${id}-canned`} className="canned-picker" role="listbox" aria-label="Canned replies">
            {options.length === 0 ? (
              <li className="canned-picker__empty" role="option" aria-disabled="true" aria-selected="false">
                {cannedReplies.length === 0
                  ? 'No canned replies yet. Add them under Canned replies.'
                  : 'No canned reply matches.'}
              </li>
            ) : (
              options.map((reply, index) => (
                <li
                  key={reply.id}
                  id={`${id}-canned-${index}`}
                  role="option"
                  aria-selected={index === Math.min(active, options.length - 1)}
                  className="canned-picker__option"
                  onMouseDown={(event) => {
                    event.preventDefault();
                    void insert(reply);
                  }}
                >
                  <strong>{reply.title}</strong>
                  <span>{reply.body}</span>
                </li>
              ))
            )}
          </ul>
        )}
      </div>
      <div className="reply-form__actions">
        <span className="reply-form__hint">{note ? 'Never shown or mailed to the visitor.' : 'Ctrl+Enter sends.'}</span>
        <button
          type="submit"
          className={`btn ${note ? 'btn-note' : 'btn-primary'}`}
          disabled={blank || sending || disabled}
        >
          {sending ? (note ? 'Saving...' : 'Sending...') : note ? 'Add note' : 'Send Reply'}
        </button>
      </div>
    </form>
  );
}
