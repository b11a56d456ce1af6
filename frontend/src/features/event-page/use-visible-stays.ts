import { useSyncExternalStore } from 'react';

/** Spec 01 §9: the carousel shows 4 stays, 3 on screens up to 639 px wide. */
export const STAYS_VISIBLE_WIDE = 4;
export const STAYS_VISIBLE_NARROW = 3;
const NARROW_QUERY = '(max-width: 639px)';

function narrowQuery(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(NARROW_QUERY)
    : undefined;
}

function subscribe(onChange: () => void): () => void {
  const query = narrowQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

export function useVisibleStays(): number {
  return useSyncExternalStore(
    subscribe,
    () => (narrowQuery()?.matches ? STAYS_VISIBLE_NARROW : STAYS_VISIBLE_WIDE),
    () => STAYS_VISIBLE_WIDE,
  );
}
