import { useEffect, useId, useRef, useState } from 'react';
import { browserShareEnvironment, shareOrCopy, type ShareEnvironment } from './share-or-copy.ts';
import { SHARE_TARGETS, type ShareContent } from './share-targets.ts';
import './share-button.css';

/** How long 'Copied' stays on the button after a copy (spec 01 §9). */
export const COPIED_NOTICE_MS = 1500;

export interface ShareButtonProps {
  content: ShareContent;
  /** The event page offers the six share targets as well; cards keep only the button. */
  showTargets?: boolean;
  className?: string;
  /** Defaults to the real browser; tests pass their own. */
  environment?: () => ShareEnvironment;
}

export function ShareButton({
  content,
  showTargets = false,
  className,
  environment = browserShareEnvironment,
}: ShareButtonProps) {
  const [copied, setCopied] = useState(false);
  const [targetsOpen, setTargetsOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const targetsId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  async function share() {
    const outcome = await shareOrCopy(content, environment());
    if (outcome !== 'copied') return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_NOTICE_MS);
  }

  return (
    <div className={['share', className].filter(Boolean).join(' ')}>
      <div className="share__row">
        <button type="button" className="share__button" onClick={() => void share()}>
          {copied ? 'Copied' : 'Share'}
        </button>
        {showTargets && (
          <button
            type="button"
            className="share__more"
            aria-expanded={targetsOpen}
            aria-controls={targetsId}
            onClick={() => setTargetsOpen((open) => !open)}
          >
            More share options
          </button>
        )}
      </div>
      <span className="share__status" role="status">
        {copied ? 'Link copied to clipboard' : ''}
      </span>
      {showTargets && targetsOpen && (
        <ul id={targetsId} className="share__targets" aria-label="Share on">
          {SHARE_TARGETS.map((target) => (
            <li key={target.id}>
              <a href={target.href(content)} target="_blank" rel="noopener noreferrer" data-share-target={target.id}>
                {target.label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
