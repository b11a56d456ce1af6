import { useEffect, useId, useRef, useState } from 'react';
import { isLegendDismissed, rememberLegendDismissed } from './location-storage.ts';
import { clampRadius, MAX_RADIUS_KM, MIN_RADIUS_KM, RADIUS_DEBOUNCE_MS } from './radius.ts';
import type { NearbyStatus } from './use-nearby-location.ts';
import type { BrowserRefusal } from './resolve-location.ts';
import { Icon } from '../../components/icon/icon.tsx';
import './nearby-panel.css';

interface Props {
  status: NearbyStatus;
  error: string | null;
  /** Why the browser's own location failed, when it did (the IP lookup may have answered instead). */
  browserRefusal: BrowserRefusal | null;
  source: 'browser' | 'ip' | null;
  radiusKm: number;
  onRadiusChange: (radiusKm: number) => void;
  onUseMyLocation: () => void;
  onUseIp: () => void;
  onRetryBrowser: () => void;
  onTryIp: () => void;
  onRefetch: () => void;
  onClear: () => void;
}

/** What the browser's failure means for the visitor, and what they can do about it. */
const REFUSAL_TEXT: Record<BrowserRefusal, string> = {
  denied: 'Location permission was refused.',
  unavailable: 'Your browser could not tell where you are.',
  timeout: 'Your browser took too long to find your location.',
};
const HOW_TO_ALLOW =
  'To allow it, open the site settings from the icon beside the address bar, set Location to Allow, then press Retry browser. Or use your approximate location from your IP address instead.';

function successText(radiusKm: number, source: 'browser' | 'ip' | null, refusal: BrowserRefusal | null): string {
  const where = `events within ${radiusKm} km of your ${source === 'ip' ? 'approximate (IP) ' : ''}location.`;
  const refused =
    source === 'ip' && refusal === 'denied'
      ? ' Location permission was refused; allow it in the site settings for a closer match.'
      : '';
  return `Showing ${where}${refused}`;
}

/** Spec 01 "Nearby section": the location buttons, the radius, the privacy note and the distance legend. */
export function NearbyPanel(props: Props) {
  const { status, error, browserRefusal, source, radiusKm, onRadiusChange } = props;
  const id = useId();
  const [radiusDraft, setRadiusDraft] = useState(String(radiusKm));
  const timer = useRef<number | undefined>(undefined);
  // The legend shows itself when a location succeeds, until the visitor dismisses it for good.
  const [legendOpen, setLegendOpen] = useState(() => status === 'success' && !isLegendDismissed());

  // A radius or status that changes from outside is taken in the same render.
  const [seen, setSeen] = useState({ radiusKm, status });
  if (seen.radiusKm !== radiusKm || seen.status !== status) {
    setSeen({ radiusKm, status });
    if (seen.radiusKm !== radiusKm) setRadiusDraft(String(radiusKm));
    if (seen.status !== status && status === 'success' && !isLegendDismissed()) setLegendOpen(true);
  }

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const changeRadius = (text: string) => {
    setRadiusDraft(text);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const clamped = clampRadius(text);
      setRadiusDraft(String(clamped));
      if (clamped !== radiusKm) onRadiusChange(clamped);
    }, RADIUS_DEBOUNCE_MS);
  };

  const dismissLegend = () => {
    rememberLegendDismissed();
    setLegendOpen(false);
  };

  const sliderValue = clampRadius(radiusDraft);
  const active = status === 'success';

  return (
    <section className="nearby-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Events near you</h2>
      <div className="nearby-panel__buttons">
        <button
          type="button"
          className="btn btn-primary"
          onClick={props.onUseMyLocation}
          disabled={status === 'requesting'}
        >
          Use my location
        </button>
        <button type="button" className="btn" onClick={props.onUseIp} disabled={status === 'requesting'}>
          Use IP fallback
        </button>
        {active && (
          <>
            <button type="button" className="btn" onClick={props.onRefetch}>
              Refetch
            </button>
            <button type="button" className="btn" onClick={props.onClear}>
              Clear
            </button>
          </>
        )}
        {!legendOpen && active && (
          <button
            type="button"
            className="btn btn-small btn-icon"
            aria-label="Show the Distance & Privacy legend"
            onClick={() => setLegendOpen(true)}
          >
            <Icon name="info" />
          </button>
        )}
      </div>

      <p className="nearby-panel__status" role="status">
        {status === 'requesting' && 'Finding your location...'}
        {status === 'success' && successText(radiusKm, source, browserRefusal)}
      </p>
      {status === 'error' && (
        <div className="nearby-panel__error" role="alert">
          {browserRefusal && (
            <p className="nearby-panel__refusal">
              <strong className="error-text">{REFUSAL_TEXT[browserRefusal]}</strong>
              {browserRefusal === 'denied' && <> {HOW_TO_ALLOW}</>}
            </p>
          )}
          {(error || !browserRefusal) && <p className="error-text">{error ?? 'Failed to resolve location'}</p>}
          <div className="nearby-panel__error-actions">
            <button type="button" className="btn btn-small" onClick={props.onRetryBrowser}>
              Retry browser
            </button>
            <button type="button" className="btn btn-small" onClick={props.onTryIp}>
              Try IP
            </button>
          </div>
        </div>
      )}

      <div className="nearby-panel__radius">
        <label htmlFor={`${id}-radius-range`}>Radius (km)</label>
        <input
          id={`${id}-radius-range`}
          type="range"
          min={MIN_RADIUS_KM}
          max={MAX_RADIUS_KM}
          step={1}
          value={sliderValue}
          onChange={(event) => changeRadius(event.target.value)}
        />
        <label htmlFor={`${id}-radius-number`} className="visually-hidden">
          Radius in kilometres
        </label>
        <input
          id={`${id}-radius-number`}
          type="number"
          min={MIN_RADIUS_KM}
          max={MAX_RADIUS_KM}
          value={radiusDraft}
          onChange={(event) => changeRadius(event.target.value)}
        />
      </div>

      <details className="nearby-panel__privacy">
        <summary>Privacy note</summary>
        <p>
          Your location is only used to find events near you. It is rounded, kept in this browser, and sent with your
          searches; we do not store it on our servers. Clear removes it.
        </p>
      </details>

      {legendOpen && (
        <div className="nearby-panel__legend" role="dialog" aria-labelledby={`${id}-legend`}>
          <h3 id={`${id}-legend`}>Distance &amp; Privacy</h3>
          <p>
            Distances are straight-line kilometres from your approximate location. Events closer than 3 km are ringed.
          </p>
          <p>Your location stays in this browser; Clear forgets it.</p>
          <button type="button" className="btn btn-small" onClick={dismissLegend}>
            Got it
          </button>
        </div>
      )}
    </section>
  );
}
