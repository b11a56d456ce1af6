import { useId, useState, type FormEvent } from 'react';
import { rememberAgentName, rememberedAgentName } from '../../lib/admin/agent-name.ts';
import { useAdminLoginMutation } from './api.ts';
import { SESSION_EXPIRED, loginErrorMessage } from './messages.ts';
import { wasLoggedIn } from './session-flag.ts';
import './admin-login-card.css';

/**
 * Spec 02 "Administrator panel", logged out: the Admin Login card. Shown while this tab still holds the logged-in
 * hint, the session ended without a logout (an admin call answered 401): the card says so, and the panel
 * returns to the section the admin was on.
 */
export function AdminLoginCard() {
  const id = useId();
  const [sessionEnded] = useState(wasLoggedIn);
  const [password, setPassword] = useState('');
  const [agentName, setAgentName] = useState(rememberedAgentName);
  const [visible, setVisible] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [login, { isLoading }] = useAdminLoginMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || isLoading) return;
    setError(null);
    try {
      const name = agentName.trim();
      await login({ password, ...(name ? { agent_name: name } : {}) }).unwrap();
      rememberAgentName(name);
      setPassword('');
    } catch (failure) {
      setError(loginErrorMessage(failure));
    }
  };

  return (
    <section className="admin-login" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Admin Login</h2>
      <p className="admin-login__lead">Enter the administrator password to manage tickets and content.</p>
      {sessionEnded && (
        <p className="alert admin-login__ended" role="status">
          {SESSION_EXPIRED}
        </p>
      )}
      <form onSubmit={onSubmit}>
        <label htmlFor={`${id}-agent`}>
          Your name <span className="admin-login__optional">(optional)</span>
        </label>
        <input
          id={`${id}-agent`}
          type="text"
          autoComplete="name"
          maxLength={80}
          value={agentName}
          aria-describedby={`${id}-agent-hint`}
          onChange={(event) => setAgentName(event.target.value)}
        />
        <p id={`${id}-agent-hint`} className="admin-login__hint">
          Signs your replies and notes, and shows your colleagues who is on a ticket. Remembered in this browser.
        </p>
        <label htmlFor={`${id}-password`}>Password</label>
        <div className="admin-login__password">
          <input
            id={`${id}-password`}
            type={visible ? 'text' : 'password'}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <button
            type="button"
            className="admin-login__toggle"
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
            aria-controls={`${id}-password`}
            onClick={() => setVisible((value) => !value)}
          >
            {visible ? 'Hide' : 'Show'}
          </button>
        </div>
        {error && (
          <p id={`${id}-error`} className="alert alert--error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary admin-login__submit" disabled={isLoading}>
          {isLoading ? 'Logging in...' : 'Login'}
        </button>
      </form>
    </section>
  );
}
