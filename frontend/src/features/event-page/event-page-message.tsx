import { Link, useNavigate } from 'react-router-dom';

/** React Router keeps its own history index; above 0 the visitor came here from another page of the app. */
function cameFromInsideApp(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && typeof (state as { idx?: unknown }).idx === 'number'
    ? (state as { idx: number }).idx > 0
    : false;
}

/** The not-found, failure and invalid-URL screens (spec 01 §2 and §8). */
export function EventPageMessage({ title, detail }: { title: string; detail?: string }) {
  const navigate = useNavigate();
  return (
    <main className="page event-page event-page--message">
      <h1>{title}</h1>
      {detail && <p>{detail}</p>}
      <div className="event-page__message-actions">
        <button type="button" className="btn" onClick={() => (cameFromInsideApp() ? navigate(-1) : navigate('/'))}>
          Back to Events
        </button>
        <Link className="btn btn-primary" to="/">
          Return to Home
        </Link>
      </div>
    </main>
  );
}

export const EVENT_GONE_TEXT = 'The event you are looking for does not exist or has been removed.';
