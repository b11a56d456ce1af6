import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether an element has come within about a screen of the viewport (and stays true from then on). The generated
 * artwork is a data URI, which the browser's own `loading="lazy"` never defers: each one it loads becomes a
 * separate SVG document, and a home page of 100 cards spent over a second of a phone's main thread on them under
 * Lighthouse's 4x CPU slowdown (docs/performance.md). One observer serves every image.
 */
const AHEAD = '100% 0px';

let observer: IntersectionObserver | undefined;
const onNear = new WeakMap<Element, () => void>();

function sharedObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries, self) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        self.unobserve(entry.target);
        onNear.get(entry.target)?.();
        onNear.delete(entry.target);
      }
    },
    { rootMargin: AHEAD },
  );
  return observer;
}

/** `eager` (or a runtime without IntersectionObserver, such as jsdom) answers true at once. */
export function useNearViewport(ref: RefObject<Element | null>, eager: boolean): boolean {
  const [near, setNear] = useState(() => eager || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const watcher = sharedObserver();
    onNear.set(element, () => setNear(true));
    watcher.observe(element);
    return () => {
      onNear.delete(element);
      watcher.unobserve(element);
    };
  }, [near, ref]);
  return near;
}
