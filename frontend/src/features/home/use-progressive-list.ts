import { startTransition, useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';

/** Cards rendered at first (the server's first paint too) and added per step as the list's end nears the screen. */
export const CARD_BATCH = 12;
/** How far below the screen the list's end starts the next step: a fast thumb never catches up with it. */
const AHEAD = '1500px 0px';

export interface ProgressiveList {
  /** How many of the loaded items to render. */
  count: number;
  /** Goes on an element right after the rendered items: its nearing the screen renders the next step. */
  sentinel: (node: HTMLElement | null) => void;
  /**
   * Goes on the list as onFocus: focus reaching one of the last rendered items renders the next step, so
   * Tab walks every loaded card in order instead of jumping past the unrendered ones.
   */
  onFocus: (event: FocusEvent<HTMLElement>) => void;
}

/**
 * A page of results (the spec's 100 events) rendered a step at a time as the visitor nears its end, so a phone
 * lays out and paints a few screens of cards rather than a 50,000 px page. `resetKey` names the search: a new
 * search starts again from the first step; Load More, which appends to the same search, keeps what is rendered.
 * Items carry `data-index` for the focus rule. Without IntersectionObserver everything renders.
 */
export function useProgressiveList(total: number, resetKey: string): ProgressiveList {
  const [count, setCount] = useState(CARD_BATCH);
  const [near, setNear] = useState(false);
  const observer = useRef<IntersectionObserver | null>(null);
  // A browser without IntersectionObserver renders everything; the server renders the first step, as the browser does.
  const renderAll = typeof window !== 'undefined' && typeof IntersectionObserver !== 'function';

  const [shownKey, setShownKey] = useState(resetKey);
  if (shownKey !== resetKey) {
    // Adjusted during render (not in an effect), so a new search's first render is already its first step.
    setShownKey(resetKey);
    if (count !== CARD_BATCH) setCount(CARD_BATCH);
  }

  useEffect(() => {
    if (!near || count >= total) return undefined;
    // A step per task, as a transition: scrolling and typing stay ahead of the cards being added.
    const timer = window.setTimeout(
      () => startTransition(() => setCount((current) => Math.min(total, current + CARD_BATCH))),
      0,
    );
    return () => window.clearTimeout(timer);
  }, [near, count, total]);

  const sentinel = useCallback((node: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!node || typeof IntersectionObserver !== 'function') return;
    observer.current = new IntersectionObserver((entries) => setNear(entries.some((entry) => entry.isIntersecting)), {
      rootMargin: AHEAD,
    });
    observer.current.observe(node);
  }, []);

  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    const index = Number(item?.dataset.index);
    if (!Number.isInteger(index)) return;
    setCount((current) => (index >= current - 2 ? Math.max(current, index + 1 + CARD_BATCH) : current));
  }, []);

  return { count: renderAll ? total : Math.min(count, total), sentinel, onFocus };
}
