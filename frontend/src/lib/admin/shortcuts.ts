/**
 * Single-key shortcuts for the support workspace. They never fire while the agent types in a field (a reply
 * starting with "j" stays a reply), nor with a modifier held (the browser's own shortcuts stay).
 */
import { useEffect, useEffectEvent } from 'react';

export interface Shortcut {
  key: string;
  /** What the help lists, e.g. "Next ticket". */
  label: string;
  run(): void;
}

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement)
    return !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(target.type);
  return false;
}

export function useShortcuts(shortcuts: readonly Shortcut[], enabled = true): void {
  // Reads the shortcuts of the latest render, so the listener is not added again whenever they change.
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target))
      return;
    const shortcut = shortcuts.find((entry) => entry.key === event.key);
    if (!shortcut) return;
    event.preventDefault();
    shortcut.run();
  });
  useEffect(() => {
    if (!enabled) return undefined;
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [enabled]);
}
