/**
 * Reads an exchange-rate feed (`FX_RATES_URL`): one JSON document in the shape of the common open rates APIs
 * (Frankfurter's daily ECB reference rates, exchangerate.host, open.er-api):
 *
 *   { "base": "EUR", "date": "2026-11-27", "rates": { "USD": 1.0512, "JPY": 157.2, ... } }
 *
 * `rates` are units of each currency per one unit of `base`; `base` itself may be left out of them. The table
 * must reach US dollars (`base` is USD or `rates` has USD). Anything else is refused as a whole with the
 * reason: a table is taken complete or not at all. A feed that cannot be reached is an outage, told apart so
 * the scheduler waits and asks again sooner.
 */
import { z } from 'zod';
import type { RateTable } from '../../domain/currency.ts';

const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'a three-letter ISO 4217 code');

const feedSchema = z.object({
  base: currencyCode,
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a YYYY-MM-DD day'),
  rates: z
    .record(currencyCode, z.number().positive().finite())
    .refine((rates) => Object.keys(rates).length > 0, 'no rates'),
});

/** The feed answered, but with a table that cannot be used. */
export class RatesFeedRefused extends Error {
  override name = 'RatesFeedRefused';
}

/** The feed could not be reached or did not answer (network, timeout, a 5xx or 429). */
export class RatesFeedUnavailable extends Error {
  override name = 'RatesFeedUnavailable';
}

/** A feed's document as USD per one unit of each currency it names (rounded to six significant digits). */
export function parseRatesFeed(body: unknown): RateTable {
  const parsed = feedSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RatesFeedRefused(
      `the rates feed's table is refused: ${issue?.path.join('.') || 'document'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const { base, date, rates } = parsed.data;
  const perBase: Record<string, number> = { ...rates, [base]: 1 };
  const usdPerBase = perBase.USD;
  if (usdPerBase === undefined)
    throw new RatesFeedRefused(`the rates feed's table has no USD rate for its base ${base}`);
  const usdPerUnit: Record<string, number> = {};
  for (const [code, unitsPerBase] of Object.entries(perBase))
    usdPerUnit[code] = Number((usdPerBase / unitsPerBase).toPrecision(6));
  usdPerUnit.USD = 1;
  return { date, usdPerUnit };
}

export interface RatesFeedOptions {
  url: string;
  /** Longest wait for an answer (default 10 s). */
  timeoutMs?: number;
}

export function createRatesFeed({ url, timeoutMs = 10_000 }: RatesFeedOptions): () => Promise<RateTable> {
  return async () => {
    let response: Response;
    try {
      response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new RatesFeedUnavailable(
        `the rates feed cannot be reached: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (response.status >= 500 || response.status === 429) {
      await response.body?.cancel();
      throw new RatesFeedUnavailable(`the rates feed answered ${response.status}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new RatesFeedRefused(`the rates feed answered ${response.status}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new RatesFeedRefused('the rates feed did not answer JSON');
    }
    return parseRatesFeed(body);
  };
}
