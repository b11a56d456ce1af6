import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { SUGGESTIONS_CLOSE_DELAY_MS } from './suggestions.ts';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  suggestions: string[];
  required?: boolean;
  autoComplete?: string;
}

/** A text box with a suggestion list (ARIA combobox): open while focused, closed 120 ms after blur. */
export function SuggestInput({ label, value, onChange, suggestions, required, autoComplete }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  // A new value (typed or picked) starts the suggestion list from the top.
  const [seenValue, setSeenValue] = useState(value);
  if (seenValue !== value) {
    setSeenValue(value);
    setActive(-1);
  }

  const pick = (choice: string) => {
    onChange(choice);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(index + 1, suggestions.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter' && open && active >= 0 && suggestions[active]) {
      event.preventDefault();
      pick(suggestions[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const showList = open && suggestions.length > 0;

  return (
    <div className="field suggest-input">
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={`${id}-list`}
        aria-activedescendant={showList && active >= 0 ? `${id}-option-${active}` : undefined}
        autoComplete={autoComplete ?? 'off'}
        required={required}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          window.clearTimeout(closeTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          closeTimer.current = window.setTimeout(() => setOpen(false), SUGGESTIONS_CLOSE_DELAY_MS);
        }}
        onKeyDown={onKeyDown}
      />
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={`${label} suggestions`}
        className="suggest-input__list"
        hidden={!showList}
      >
        {showList &&
          suggestions.map((suggestion, index) => (
            <li
              key={suggestion}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className={
                index === active ? 'suggest-input__option suggest-input__option--active' : 'suggest-input__option'
              }
              // mousedown keeps the input from blurring before the choice lands.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(suggestion);
              }}
            >
              {suggestion}
            </li>
          ))}
      </ul>
    </div>
  );
}
