/**
 * Open-loop HTTP load: requests arrive at a set rate whether or not the earlier ones have answered, as visitors
 * do, so a slow answer does not hold back the next ask. A closed loop (http-load.ts) answers "how much can the
 * server take"; this answers "how long does a visitor wait at this much traffic", which is the question when
 * something else (a feed's writes) shares the server's cores.
 *
 * Each request's latency runs from the moment it was due, not from when it was sent: a request that waited for
 * a free connection, or for the generator's own event loop, waited as a visitor would have (measuring from the
 * send would leave out exactly the waits a stalled server causes). How late sends were is reported apart, so a
 * generator that cannot keep up is seen as such.
 */
import { answerTally, type LoadSummary } from './answer-tally.ts';
import { httpGetter } from './http-get.ts';
import { percentile, round } from './latency.ts';
import type { LoadOptions } from './http-load.ts';

export interface OpenLoadOptions extends Pick<LoadOptions, 'seconds' | 'next'> {
  /** Requests a second: the i-th is due `i / rate` seconds after the start. */
  rate: number;
  /** Keep-alive connections at most; a request due while all are busy waits for one, and that wait counts. */
  connections: number;
}

export type OpenLoadSummary = LoadSummary & {
  asked_per_s: number;
  /** How late the generator sent its requests after they were due (its own event loop, not the server). */
  send_lag_p99_ms: number;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function runOpenLoad(baseUrl: string, options: OpenLoadOptions): Promise<OpenLoadSummary> {
  if (!(options.rate > 0)) throw new Error(`An open-loop rate must be above 0 requests a second, not ${options.rate}`);
  const tally = answerTally();
  const client = httpGetter(baseUrl, options.connections);
  const interval = 1000 / options.rate;
  const due = Math.floor(options.seconds * options.rate);
  const sendLags: number[] = [];
  const inFlight: Array<Promise<void>> = [];
  const started = performance.now();

  const ask = async (i: number, dueAt: number) => {
    const request = options.next(i);
    try {
      const answer = await client.get(request.path, request.headers);
      tally.answered(request.path, answer, performance.now() - dueAt);
    } catch (error) {
      tally.failed(request.path, error);
    }
  };

  for (let i = 0; i < due;) {
    const now = performance.now();
    // Every request due by now goes out at once: a late timer sends a burst rather than fewer requests.
    for (; i < due && started + i * interval <= now; i++) {
      const dueAt = started + i * interval;
      sendLags.push(now - dueAt);
      inFlight.push(ask(i, dueAt));
    }
    if (i < due) await sleep(Math.max(0, started + i * interval - performance.now()));
  }
  await Promise.all(inFlight);
  client.close();
  const summary = tally.summary(options.seconds);
  sendLags.sort((a, b) => a - b);
  return {
    ...summary,
    asked_per_s: options.rate,
    send_lag_p99_ms: round(percentile(sendLags, 99)),
  };
}
