import { useId, useState, type FormEvent } from 'react';
import { TextField } from '../../components/form-field/text-field.tsx';
import { formatTicketTime } from '../../lib/support/format-time.ts';
import { httpStatusOf, serverText } from '../../lib/support/request-error.ts';
import { useDeleteSubscriberMutation, useSendDigestNowMutation, useUpdateSubscriberMutation } from './api.ts';
import { copyText } from './copy-text.ts';
import {
  copyFallbackText,
  DELETE_FAILED,
  DIGEST_FAILED,
  NOTHING_SENT,
  SAVE_FAILED,
  STATUS_FAILED,
} from './messages.ts';
import { CATEGORIES } from '../../lib/categories.ts';
import { citiesFor, usePlaceOptions } from './place-options.ts';
import { SavedFiltersEditor } from './saved-filters-editor.tsx';
import { SubscriberBadge } from './subscriber-list.tsx';
import {
  digestBlockedReason,
  draftOf,
  editPatch,
  isConfirmed,
  RADIUS_MAX,
  RADIUS_MIN,
  type SubscriberDraft,
} from './subscriber-rules.ts';
import type { AdminSubscriber } from './types.ts';

interface Props {
  subscriber: AdminSubscriber;
  headingId: string;
  onChanged(subscriber: AdminSubscriber): void;
  onDeleted(): void;
}

interface Notice {
  kind: 'error' | 'info';
  text: string;
  detail?: string;
}

/** A failure's own words from the server (a 409, a 503), shown under the spec's alert. */
const reasonOf = (error: unknown) => (httpStatusOf(error) !== undefined ? serverText(error) : undefined);

/** Spec 02 "Subscribers tab" detail panel and §5 "Subscriber edit". */
export function SubscriberDetail({ subscriber, headingId, onChanged, onDeleted }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<SubscriberDraft>(() => draftOf(subscriber));
  const [notice, setNotice] = useState<Notice | null>(null);
  const [update, updateCall] = useUpdateSubscriberMutation();
  const [toggling, setToggling] = useState(false);
  const [remove, deleteCall] = useDeleteSubscriberMutation();
  const [sendDigest, digestCall] = useSendDigestNowMutation();
  const busy = updateCall.isLoading || deleteCall.isLoading || digestCall.isLoading;
  const confirmed = isConfirmed(subscriber);
  const digestBlocked = digestBlockedReason(subscriber);
  const set = (key: keyof SubscriberDraft, value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const places = usePlaceOptions();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const outcome = editPatch(subscriber, draft);
    if ('problem' in outcome) return setNotice({ kind: 'error', text: outcome.problem });
    setNotice(null);
    try {
      const next = await update({ id: subscriber.id, patch: outcome.patch }).unwrap();
      onChanged(next);
      setDraft(draftOf(next));
      setNotice({ kind: 'info', text: 'Changes saved' });
    } catch (failure) {
      setNotice({ kind: 'error', text: SAVE_FAILED, detail: reasonOf(failure) });
    }
  };

  const toggle = async () => {
    setNotice(null);
    setToggling(true);
    try {
      onChanged(await update({ id: subscriber.id, patch: { is_active: !subscriber.is_active } }).unwrap());
    } catch (failure) {
      setNotice({ kind: 'error', text: STATUS_FAILED, detail: reasonOf(failure) });
    } finally {
      setToggling(false);
    }
  };

  const digestNow = async () => {
    setNotice(null);
    try {
      const result = await sendDigest(subscriber.id).unwrap();
      if (result.subscription) onChanged(result.subscription);
      setNotice(
        result.sent > 0
          ? { kind: 'info', text: `Digest sent to ${subscriber.email}` }
          : { kind: 'error', text: NOTHING_SENT },
      );
    } catch (failure) {
      setNotice({ kind: 'error', text: DIGEST_FAILED, detail: reasonOf(failure) });
    }
  };

  const deleteSubscriber = async () => {
    if (!window.confirm(`Delete the subscriber ${subscriber.email}? This cannot be undone.`)) return;
    setNotice(null);
    try {
      await remove(subscriber.id).unwrap();
      onDeleted();
    } catch (failure) {
      setNotice({ kind: 'error', text: DELETE_FAILED, detail: reasonOf(failure) });
    }
  };

  const copyLink = async () => {
    const copied = await copyText(subscriber.unsubscribe_url);
    setNotice(
      copied
        ? { kind: 'info', text: 'Unsubscribe link copied' }
        : { kind: 'error', text: copyFallbackText(subscriber.unsubscribe_url) },
    );
  };

  return (
    <article className="subscriber-detail" aria-labelledby={headingId}>
      <header className="subscriber-detail__header">
        <h3 id={headingId} tabIndex={-1}>
          {subscriber.email}
        </h3>
        <SubscriberBadge subscriber={subscriber} />
      </header>

      {notice && (
        <div
          className={`alert ${notice.kind === 'error' ? 'alert--error' : 'alert--info'}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          <p>{notice.text}</p>
          {notice.detail && <p className="alert__detail">{notice.detail}</p>}
        </div>
      )}

      <form className="subscriber-edit" onSubmit={save} noValidate>
        <TextField
          id={`${id}-name`}
          label="Name"
          className="subscriber-edit__field"
          type="text"
          maxLength={120}
          value={draft.name}
          onChange={(value) => set('name', value)}
        />
        <TextField
          id={`${id}-radius`}
          label="Radius (km)"
          className="subscriber-edit__field"
          type="number"
          inputMode="numeric"
          min={RADIUS_MIN}
          max={RADIUS_MAX}
          step={1}
          value={draft.radius}
          onChange={(value) => set('radius', value)}
        />
        {(
          [
            { part: 'country', label: 'Country', suggestions: places.countries },
            { part: 'city', label: 'City', suggestions: citiesFor(places, draft.country) },
          ] as const
        ).map(({ part, label, suggestions }) => (
          <TextField
            key={part}
            id={`${id}-${part}`}
            label={label}
            className="subscriber-edit__field"
            type="text"
            maxLength={120}
            list={`${id}-${part}-suggestions`}
            autoComplete="off"
            value={draft[part]}
            onChange={(value) => set(part, value)}
          >
            <datalist id={`${id}-${part}-suggestions`}>
              {suggestions.map((place) => (
                <option key={place} value={place} />
              ))}
            </datalist>
          </TextField>
        ))}
        <div className="subscriber-edit__save">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {updateCall.isLoading && !toggling ? 'Saving…' : 'Save changes'}
          </button>
        </div>
      </form>

      <SavedFiltersEditor subscriber={subscriber} categories={CATEGORIES} onChanged={onChanged} />

      <dl className="subscriber-detail__meta">
        <dt>Created</dt>
        <dd>{formatTicketTime(subscriber.created_at)}</dd>
        <dt>Updated</dt>
        <dd>{formatTicketTime(subscriber.updated_at)}</dd>
        <dt>Last digest</dt>
        <dd>{formatTicketTime(subscriber.last_sent_at)}</dd>
        {subscriber.confirmed !== undefined && (
          <>
            <dt>Confirmed</dt>
            <dd>{subscriber.confirmed_at ? formatTicketTime(subscriber.confirmed_at) : 'Not yet'}</dd>
          </>
        )}
        <dt>ID</dt>
        <dd className="subscriber-detail__mono">{subscriber.id}</dd>
      </dl>

      <div className="subscriber-detail__link">
        <label htmlFor={`${id}-unsubscribe`}>Unsubscribe link</label>
        <div className="subscriber-detail__copy">
          <input
            id={`${id}-unsubscribe`}
            type="text"
            readOnly
            value={subscriber.unsubscribe_url}
            onFocus={(event) => event.target.select()}
          />
          <button type="button" className="btn" onClick={() => void copyLink()}>
            Copy link
          </button>
        </div>
      </div>

      <div className="subscriber-detail__actions" role="group" aria-label="Subscriber actions">
        <button
          type="button"
          className="btn"
          disabled={busy || (!subscriber.is_active && !confirmed)}
          onClick={() => void toggle()}
        >
          {toggling ? 'Saving…' : subscriber.is_active ? 'Deactivate' : 'Activate'}
        </button>
        <button
          type="button"
          className="btn"
          disabled={busy || digestBlocked !== null}
          aria-describedby={digestBlocked ? `${id}-digest-blocked` : undefined}
          onClick={() => void digestNow()}
        >
          {digestCall.isLoading ? 'Sending…' : 'Send digest now'}
        </button>
        <button
          type="button"
          className="btn subscriber-detail__delete"
          disabled={busy}
          onClick={() => void deleteSubscriber()}
        >
          {deleteCall.isLoading ? 'Deleting…' : 'Delete'}
        </button>
      </div>
      {digestBlocked && (
        <p id={`${id}-digest-blocked`} className="subscriber-detail__hint">
          {digestBlocked}
        </p>
      )}
      {!confirmed && !subscriber.is_active && (
        <p className="subscriber-detail__hint">
          Activate becomes available once the subscriber confirms their e-mail address.
        </p>
      )}
    </article>
  );
}
