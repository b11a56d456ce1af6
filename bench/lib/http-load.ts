/**
 * Closed-loop HTTP load: `concurrency` workers each send the next request as soon as the previous answered,
 * for `seconds`, over up to `concurrency` keep-alive connections (http-get.ts). Latency is measured per request from
 * sending it until its body is read and decompressed. A non-2xx answer counts as an error (and is not a latency
 * sample).
 */
import { httpGetter } from './http-get.ts';
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
  const client = httpGetter(baseUrl, options.concurrency);

  async function worker() {
    while (performance.now() < deadline) {
      const request = options.next(counter++);
      const t0 = performance.now();
      try {
        const answer = await client.get(request.path, request.headers);
        if (answer.status >= 200 && answer.status < 300) {
          samples.push(performance.now() - t0);
          bodyBytes += Buffer.byteLength(answer.text);
          wireBytes += answer.wireBytes;
        } else {
          errors++;
          firstError ??= `${answer.status} ${request.path} ${answer.text.slice(0, 200)}`;
        }
      } catch (error) {
        errors++;
        firstError ??= `${request.path} ${(error as Error).message}`;
      }
    }
  }

  await Promise.all(Array.from({ length: options.concurrency }, () => worker()));
  client.close();
  const summary = summarise(samples, errors, (performance.now() - started) / 1000);
  const mean = (bytes: number) => (samples.length === 0 ? 0 : Math.round(bytes / samples.length));
  const sized = { ...summary, body_bytes: mean(bodyBytes), wire_bytes: mean(wireBytes) };
  return firstError ? { ...sized, first_error: firstError } : sized;
}
