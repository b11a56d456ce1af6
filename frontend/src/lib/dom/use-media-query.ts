import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, kept current as the window resizes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Spec 01 §9: below 768 px there is no Split view. */
export const NARROW_SCREEN_QUERY = '(max-width: 767px)';
