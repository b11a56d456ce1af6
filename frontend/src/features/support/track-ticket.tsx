import { skipToken } from '@reduxjs/toolkit/query/react';
import { useId, useState, type FormEvent } from 'react';
import { useTicketQuery, type TicketLookup } from './api.ts';
import { lookupErrorMessage } from './messages.ts';
import { TicketResult } from './ticket-result.tsx';
import { loadTicketToken, normaliseTicketNumber } from './token-storage.ts';

/** A lookup asked for from outside the tab (a new ticket, an e-mail link); `nonce` repeats the same number. */
export interface TrackRequest {
  number: string;
  token?: string;
  nonce: number;
}

interface Props {
  request: TrackRequest | null;
  notice: string | null;
  /** A search the visitor made here: a notice about an earlier ticket no longer belongs above its result. */
  onSearch?: () => void;
}

function lookupFor(number: string, token?: string): TicketLookup {
  const key = normaliseTicketNumber(number);
  const known = token ?? loadTicketToken(key);
  return known ? { number: key, token: known } : { number: key };
}

/** Spec 02 "Track Ticket": a number search and the ticket it finds, followed live when this browser holds its token. */
export function TrackTicket({ request, notice, onSearch }: Props) {
  const id = useId();
  const [input, setInput] = useState(request?.number ?? '');
  const [lookup, setLookup] = useState<TicketLookup | null>(() =>
    request ? lookupFor(request.number, request.token) : null,
  );
  const result = useTicketQuery(lookup ?? skipToken);

  // A new request from the page (the private link, a ticket just created) replaces the search.
  const [seenRequest, setSeenRequest] = useState(request);
  if (seenRequest !== request) {
    setSeenRequest(request);
    if (request) {
      setInput(request.number);
      setLookup(lookupFor(request.number, request.token));
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const number = normaliseTicketNumber(input);
    // Spec 02 §5: an empty number does nothing.
    if (!number) return;
    onSearch?.();
    const next = lookupFor(number);
    if (lookup && lookup.number === next.number && lookup.token === next.token) void result.refetch();
    else setLookup(next);
  };

  const searching = result.isFetching && !result.currentData;
  const ticket = result.isError ? undefined : result.currentData;

  return (
    <div className="support-track">
      <h2 className="support-panel__title">Track Ticket</h2>
      {notice && (
        <p className="alert alert--success" role="status">
          {notice}
        </p>
      )}
      <form className="support-track__form" onSubmit={onSubmit} role="search" aria-label="Find a ticket">
        <div className="field support-track__field">
          <label htmlFor={`${id}-number`}>Ticket Number</label>
          <input
            id={`${id}-number`}
            type="text"
            inputMode="text"
            autoComplete="off"
            spellCheck={false}
            placeholder="TT-2025-0001"
            value={input}
            onChange={(event) => setInput(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={result.isFetching}>
          {result.isFetching ? 'Searching...' : 'Search'}
        </button>
      </form>
      {searching && <p role="status">Looking up the ticket...</p>}
      {result.isError && !result.isFetching && (
        <p className="alert alert--error" role="alert">
          {lookupErrorMessage(result.error)}
        </p>
      )}
      {ticket && lookup && <TicketResult ticket={ticket} token={lookup.token} />}
      {!lookup && !notice && (
        <p className="support-panel__lead">Enter the number from your confirmation e-mail, for example TT-2025-0001.</p>
      )}
    </div>
  );
}
