/**
 * Waits for the page to finish loading its data: no `aria-busy` region and no loading line left. Every loading
 * state in the client says "Loading" (Loading..., Loading events..., Loading map..., the support form's
 * category option), so a check that reads colours or layout (axe, bounding boxes) runs on the loaded page
 * however slow the machine is, instead of after a guessed pause.
 */
import type { Page } from 'playwright-core';

export async function waitForSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      !/\bLoading\b/.test(document.body.innerText) &&
      ![...document.querySelectorAll('option')].some((option) => /\bLoading\b/.test(option.text)),
  );
  // Two frames: the commit that removed the last loading state is styled and laid out before the caller reads it.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Opens an address and waits until the client has rendered the page. Home and event pages arrive
 * server-rendered (decision 025): their buttons are on screen before the client has started and given them
 * anything to do, so a spec that clicked at once could click into nothing.
 */
export async function gotoStarted(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('html[data-client="ready"]', { state: 'attached' });
}
