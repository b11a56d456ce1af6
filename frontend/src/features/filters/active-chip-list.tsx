import { useLayoutEffect, useRef, type RefObject } from 'react';
import { Icon } from '../../components/icon/icon.tsx';
import type { ChipKey, FilterChip } from './active-chips.ts';

interface Props {
  chips: FilterChip[];
  headingId: string;
  /** Where focus goes when the last chip is removed. */
  searchBox: RefObject<HTMLInputElement | null>;
  onRemove: (key: ChipKey) => void;
  onClearAll: () => void;
}

/**
 * The 'Active Filters' chips. A removed chip's button leaves the page, and the browser would drop keyboard focus
 * on <body>; focus moves to the chip that took its place (the next one), else the previous, else the search box.
 */
export function ActiveChipList({ chips, headingId, searchBox, onRemove, onClearAll }: Props) {
  const list = useRef<HTMLUListElement>(null);
  const refocusAt = useRef<number | null>(null);

  useLayoutEffect(() => {
    const index = refocusAt.current;
    if (index === null) return;
    refocusAt.current = null;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    const target = buttons[Math.min(index, buttons.length - 1)];
    (target ?? searchBox.current)?.focus();
  }, [chips, searchBox]);

  const remove = (key: ChipKey, index: number) => {
    refocusAt.current = index;
    onRemove(key);
  };

  if (chips.length === 0) return null;
  return (
    <div className="filter-panel__chips">
      <h3 id={headingId}>Active Filters</h3>
      <ul ref={list} aria-labelledby={headingId}>
        {chips.map((chip, index) => (
          <li key={chip.key} className="chip">
            <span>{chip.label}</span>
            <button type="button" aria-label={`Remove ${chip.label}`} onClick={() => remove(chip.key, index)}>
              <Icon name="close" />
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="filter-panel__clear"
        onClick={() => {
          refocusAt.current = 0;
          onClearAll();
        }}
      >
        Clear All
      </button>
    </div>
  );
}
