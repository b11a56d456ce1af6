import type { ViewMode } from './focus-params.ts';

const VIEWS: ReadonlyArray<{ mode: ViewMode; label: string }> = [
  { mode: 'list', label: 'List' },
  { mode: 'map', label: 'Map' },
  { mode: 'split', label: 'Split' },
];

/** List / Map / Split; Split is not offered on narrow screens (the page falls back to the list there). */
export function ViewSwitch({
  value,
  narrow,
  onChange,
}: {
  value: ViewMode;
  narrow: boolean;
  onChange: (mode: ViewMode) => void;
}) {
  return (
    <div className="view-switch" role="group" aria-label="View">
      {VIEWS.filter((view) => !(narrow && view.mode === 'split')).map((view) => (
        <button
          key={view.mode}
          type="button"
          className={
            value === view.mode ? 'btn view-switch__button view-switch__button--active' : 'btn view-switch__button'
          }
          aria-pressed={value === view.mode}
          onClick={() => onChange(view.mode)}
        >
          {view.label}
        </button>
      ))}
    </div>
  );
}
