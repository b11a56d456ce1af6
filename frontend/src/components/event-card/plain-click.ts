import type { MouseEvent } from 'react';

/** A left click without modifier keys; anything else (new tab, new window, download) is left to the browser. */
export function isPlainLeftClick(
  click: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>,
): boolean {
  return click.button === 0 && !click.metaKey && !click.ctrlKey && !click.shiftKey && !click.altKey;
}
