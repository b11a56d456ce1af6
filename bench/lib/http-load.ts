/**
 * Closed-loop HTTP load: `concurrency` workers each send the next request as soon as the previous answered,
 * for `seconds`. Latency is measured per request around fetch + reading the body. A non-2xx answer counts as
 * an error (and is not a latency sample).
 */
import { summarise, type LatencySummary } from './latency.ts';

export interface LoadOptions {
  concurrency: number;
  seconds: number;
  /** Builds the i-th request (path + headers); called once per request. */
  next: (i: number) => { path: string; headers?: Record<string, string> };
}

/** Mean answer size of the successful requests: as parsed (decompressed) and as sent (Content-Length, compressed). */
export interface AnswerBytes {
  body_bytes: number;
  wire_bytes: number;
}

export async function runLoad(
  baseUrl: string,
  options: LoadOptions,
): Promise<LatencySummary & AnswerBytes & { first_error?: string }> {
  const samples: number[] = [];
  let bodyBytes = 0;
  let wireBytes = 0;
  let errors = 0;
  let firstError: string | undefined;
  let counter = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;

  async function worker() {
    while (performance.now() < deadline) {
      const request = options.next(counter++);
      const t0 = performance.now();
      try {
        const res = await fetch(`${baseUrl}${request.path}`, { headers: request.headers });
        const body = await res.text();
        if (res.ok) {
          samples.push(performance.now() - t0);
          bodyBytes += Buffer.byteLength(body);
          wireBytes += Number(res.headers.get('content-length') ?? Buffer.byteLength(body));
        } else {
          errors++;
          firstError ??= `${res.status} ${request.path} ${body.slice(0, 200)}`;
        }
      } catch (error) {
        errors++;
        firstError ??= `${request.path} ${(error as Error).message}`;
      }
    }
  }

  await Promise.all(Array.from({ length: options.concurrency }, () => worker()));
  const summary = summarise(samples, errors, (performance.now() - started) / 1000);
  const mean = (bytes: number) => (samples.length === 0 ? 0 : Math.round(bytes / samples.length));
  const sized = { ...summary, body_bytes: mean(bodyBytes), wire_bytes: mean(wireBytes) };
  return firstError ? { ...sized, first_error: firstError } : sized;
}
