/**
 * Closed-loop HTTP load: `concurrency` workers each send the next request as soon as the previous answered,
 * for `seconds`, over up to `concurrency` keep-alive connections (http-get.ts). Latency is measured per request from
 * sending it until its body is read and decompressed. A non-2xx answer counts as an error (and is not a latency
 * sample). A closed loop finds the most a server answers; its latency is then the clients' number over that rate
 * (Little's law), so anything else taking the server's cores shows as latency. http-open-load.ts asks at a set
 * rate instead, as visitors do.
 */
import { answerTally, type LoadSummary } from './answer-tally.ts';
import { httpGetter } from './http-get.ts';

export interface LoadOptions {
  concurrency: number;
  seconds: number;
  /** Builds the i-th request (path + headers); called once per request. */
  next: (i: number) => { path: string; headers?: Record<string, string> };
}

export async function runLoad(baseUrl: string, options: LoadOptions): Promise<LoadSummary> {
  const tally = answerTally();
  let counter = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const client = httpGetter(baseUrl, options.concurrency);

  async function worker() {
    while (performance.now() < deadline) {
      const request = options.next(counter++);
      const t0 = performance.now();
      try {
        const answer = await client.get(request.path, request.headers);
        tally.answered(request.path, answer, performance.now() - t0);
      } catch (error) {
        tally.failed(request.path, error);
      }
    }
  }

  await Promise.all(Array.from({ length: options.concurrency }, () => worker()));
  client.close();
  return tally.summary((performance.now() - started) / 1000);
}
