/**
 * The answers a server-rendered page was drawn with (decision 025). The server embeds its store's API cache as
 * inert JSON (`<script type="application/json" id="evently-server-state">`, which the CSP allows without a
 * nonce); the client hands it to RTK Query before its first render, so that render draws the same cards instead
 * of a loading state and the page does not ask for them again.
 */
import { createAction } from '@reduxjs/toolkit';
import { embeddedJsonObject } from '../lib/dom/embedded-json.ts';

export const SERVER_STATE_ELEMENT_ID = 'evently-server-state';

/** Dispatched once, before the first render; the api's `extractRehydrationInfo` takes its slice from it. */
export const serverStateReceived = createAction<Record<string, unknown>>('evently/serverStateReceived');

/** The state the server embedded in this page, or undefined when the page was not server-rendered. */
export function embeddedServerState(): Record<string, unknown> | undefined {
  return embeddedJsonObject(SERVER_STATE_ELEMENT_ID);
}
