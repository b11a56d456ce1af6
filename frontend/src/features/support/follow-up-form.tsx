import { useId, useState, type FormEvent } from 'react';
import { usePostFollowUpMutation } from './api.ts';
import { followUpErrorMessage } from './messages.ts';

interface Props {
  number: string;
  token: string;
}

/** The visitor's own reply on a ticket (needs the ticket's token); blank after trimming cannot be sent. */
export function FollowUpForm({ number, token }: Props) {
  const id = useId();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [post, { isLoading }] = usePostFollowUpMutation();
  const blank = message.trim() === '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (blank || isLoading) return;
    setError(null);
    try {
      await post({ number, token, message: message.trim() }).unwrap();
      setMessage('');
    } catch (failure) {
      setError(followUpErrorMessage(failure));
    }
  };

  return (
    <form className="follow-up" onSubmit={onSubmit}>
      <label htmlFor={`${id}-message`}>Add a message</label>
      <textarea
        id={`${id}-message`}
        rows={3}
        maxLength={5000}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
      />
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <div className="follow-up__actions">
        <button type="submit" className="btn btn-primary" disabled={blank || isLoading}>
          {isLoading ? 'Sending...' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}
