/**
 * GET-a-JSON-page with the manners an API provider expects: rate limited, 429s waited out until the reset
 * the server announces, 5xx / network errors / truncated JSON retried with exponential backoff and jitter,
 * and authentication failures surfaced at once with the server's own message.
 */
import type { Logger } from 'pino';
import type { RateLimiter } from './rate-limiter.ts';
import { sleep } from './sleep.ts';
import { QuotaExhaustedError, SourceAuthError, SourceRequestError } from './source-errors.ts';

export interface JsonClient {
  getJson(url: URL, options?: { headers?: Record<string, string>; signal?: AbortSignal }): Promise<unknown>;
}

export interface JsonClientOptions {
  limiter: RateLimiter;
  logger: Logger;
  /** Called once per failed attempt (429, 5xx, network error, unreadable body), retried or not. */
  onFailedRequest?: (reason: string) => void;
  maxRetries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A 429 whose reset is further away than this stops the run instead of sleeping through it. */
  maxRateLimitWaitMs?: number;
  timeoutMs?: number;
  random?: () => number;
  now?: () => number;
}

/** `Rate-Limit-Reset` is epoch milliseconds at Ticketmaster; also accept epoch seconds and delta seconds. */
export function parseResetHeader(value: string | null, now: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    const number = Number(trimmed);
    if (number > 1e12) return number;
    if (number > 1e9) return number * 1000;
    return now + number * 1000;
  }
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : date;
}

/** The API's own explanation: Apigee's `fault.faultstring` (Ticketmaster), else `message`/`error`. */
export function faultMessage(body: string, status: number): string {
  try {
    const parsed = JSON.parse(body) as { fault?: { faultstring?: unknown }; message?: unknown; error?: unknown };
    for (const candidate of [parsed.fault?.faultstring, parsed.message, parsed.error]) {
      if (typeof candidate === 'string' && candidate.trim() !== '') return candidate.trim();
    }
  } catch {
    // Not JSON: fall through to the status line.
  }
  return `HTTP ${status}`;
}

/** The URL without secrets, for logs. */
function printable(url: URL): string {
  const copy = new URL(url);
  for (const secret of ['apikey', 'api_key', 'token'])
    if (copy.searchParams.has(secret)) copy.searchParams.set(secret, '***');
  return copy.toString();
}

export function createJsonClient(options: JsonClientOptions): JsonClient {
  const maxRetries = options.maxRetries ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const maxRateLimitWaitMs = options.maxRateLimitWaitMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;

  // "Equal jitter": half the exponential delay fixed, half random, so retries of many workers spread out.
  const backoff = (attempt: number): number => {
    const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
    return ceiling / 2 + random() * (ceiling / 2);
  };

  return {
    async getJson(url, { headers = {}, signal } = {}) {
      for (let attempt = 0; ; attempt += 1) {
        const retryOrGiveUp = async (reason: string, delayMs: number): Promise<void> => {
          options.onFailedRequest?.(reason);
          if (attempt >= maxRetries)
            throw new SourceRequestError(`${reason} after ${attempt + 1} attempts (${printable(url)})`);
          options.logger.warn(
            { url: printable(url), reason, attempt: attempt + 1, delayMs: Math.round(delayMs) },
            'request failed, retrying',
          );
          await sleep(delayMs, signal);
        };

        await options.limiter.acquire(signal);
        let response: Response;
        let body: string;
        try {
          const timeout = AbortSignal.timeout(timeoutMs);
          response = await fetch(url, {
            headers: { accept: 'application/json', ...headers },
            signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          });
          body = await response.text();
        } catch (error) {
          if (signal?.aborted) throw signal.reason;
          await retryOrGiveUp(`network error: ${(error as Error).message}`, backoff(attempt));
          continue;
        }

        const current = now();
        const reset = parseResetHeader(response.headers.get('rate-limit-reset'), current);
        if (response.headers.get('rate-limit-available') === '0' && reset) options.limiter.blockUntil(new Date(reset));

        if (response.status === 401 || response.status === 403)
          throw new SourceAuthError(faultMessage(body, response.status));
        if (response.status === 429) {
          const retryAfter = parseResetHeader(response.headers.get('retry-after'), current);
          const until = retryAfter ?? reset;
          if (until !== null && until - current > maxRateLimitWaitMs) {
            options.onFailedRequest?.('HTTP 429');
            throw new QuotaExhaustedError(new Date(until));
          }
          if (until !== null) options.limiter.blockUntil(new Date(until));
          await retryOrGiveUp('HTTP 429', until !== null ? 0 : backoff(attempt));
          continue;
        }
        if (response.status >= 500) {
          await retryOrGiveUp(`HTTP ${response.status}`, backoff(attempt));
          continue;
        }
        if (response.status >= 400) {
          options.onFailedRequest?.(`HTTP ${response.status}`);
          throw new SourceRequestError(`${faultMessage(body, response.status)} (${printable(url)})`);
        }
        try {
          return JSON.parse(body) as unknown;
        } catch {
          // A 200 with a cut-off body is a transient fault of the server or the network: ask again.
          await retryOrGiveUp('malformed JSON', backoff(attempt));
        }
      }
    },
  };
}
