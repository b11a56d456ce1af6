import { useRef, useState, type KeyboardEvent } from 'react';

interface Props {
  /** 0 when nothing is chosen yet. */
  value: number;
  onChange(value: number): void;
  /** Id of the element that names the group ("Rating *"). */
  labelledBy: string;
  max?: number;
  invalid?: boolean;
}

const starLabel = (count: number) => `${count} ${count === 1 ? 'star' : 'stars'}`;

/**
 * Five clickable stars with a hover preview (spec 02 "Write review page"), built as an ARIA radio group: Tab
 * reaches the chosen star (or the first), the arrow keys, Home, End and the digits 1-5 choose, Space and Enter
 * choose the focused star.
 */
export function StarRatingInput({ value, onChange, labelledBy, max = 5, invalid }: Props) {
  const [hover, setHover] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const shown = hover || value;
  const focusable = value >= 1 && value <= max ? value : 1;

  const choose = (next: number) => {
    onChange(next);
    buttons.current[next - 1]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, star: number) => {
    const current = value || star;
    let next: number | undefined;
    if (event.key === 'ArrowRight' || event.key === 'ArrowUp') next = value ? Math.min(max, current + 1) : star;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') next = value ? Math.max(1, current - 1) : star;
    else if (event.key === 'Home') next = 1;
    else if (event.key === 'End') next = max;
    else if (event.key === ' ' || event.key === 'Enter') next = star;
    else if (/^[1-9]$/.test(event.key) && Number(event.key) <= max) next = Number(event.key);
    if (next === undefined) return;
    event.preventDefault();
    choose(next);
  };

  return (
    <div className="star-input">
      <div
        role="radiogroup"
        aria-labelledby={labelledBy}
        aria-required="true"
        aria-invalid={invalid ? true : undefined}
        className="star-input__stars"
        onMouseLeave={() => setHover(0)}
      >
        {Array.from({ length: max }, (_, index) => {
          const star = index + 1;
          return (
            <button
              key={star}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="radio"
              aria-checked={value === star}
              aria-label={starLabel(star)}
              tabIndex={star === focusable ? 0 : -1}
              className={`star-input__star${star <= shown ? ' star-input__star--on' : ''}${hover ? ' star-input__star--preview' : ''}`}
              onClick={() => choose(star)}
              onMouseEnter={() => setHover(star)}
              onKeyDown={(event) => onKeyDown(event, star)}
            >
              <span aria-hidden="true">★</span>
            </button>
          );
        })}
      </div>
      <span className="star-input__text" aria-hidden="true">
        {shown ? `${shown} of ${max}` : 'Choose a rating'}
      </span>
    </div>
  );
}
