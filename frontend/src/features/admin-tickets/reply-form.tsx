import { useId, useState, type FormEvent } from 'react';

interface Props {
  disabled: boolean;
  /** Resolves true when the reply was sent (the box then empties). */
  onSend(message: string): Promise<boolean>;
}

/** Spec 02 "Send Reply": blank after trimming cannot be sent; 'Sending...' while busy. */
export function ReplyForm({ disabled, onSend }: Props) {
  const id = useId();
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const blank = message.trim() === '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (blank || sending || disabled) return;
    setSending(true);
    const sent = await onSend(message.trim());
    setSending(false);
    if (sent) setMessage('');
  };

  return (
    <form className="reply-form" onSubmit={onSubmit}>
      <label htmlFor={`${id}-reply`}>Send Reply</label>
      <textarea
        id={`${id}-reply`}
        rows={4}
        maxLength={5000}
        placeholder="Write a reply to the visitor..."
        value={message}
        disabled={disabled}
        onChange={(event) => setMessage(event.target.value)}
      />
      <div className="reply-form__actions">
        <button type="submit" className="btn btn-primary" disabled={blank || sending || disabled}>
          {sending ? 'Sending...' : 'Send Reply'}
        </button>
      </div>
    </form>
  );
}
