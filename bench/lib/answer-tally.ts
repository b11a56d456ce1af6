/**
 * What a load run keeps of its answers, whichever way it sends the requests: each successful answer's latency
 * and size, and the errors (a non-2xx answer or a failed request, the first one kept to print).
 */
import type { GetAnswer } from './http-get.ts';
import { summarise, type LatencySummary } from './latency.ts';

/** Mean answer size of the successful requests: as parsed (decompressed) and as sent (Content-Length, compressed). */
interface AnswerBytes {
  body_bytes: number;
  wire_bytes: number;
}

export type LoadSummary = LatencySummary & AnswerBytes & { first_error?: string };

export interface AnswerTally {
  answered(path: string, answer: GetAnswer, latencyMs: number): void;
  failed(path: string, error: unknown): void;
  summary(seconds: number): LoadSummary;
}

export function answerTally(): AnswerTally {
  const samples: number[] = [];
  let bodyBytes = 0;
  let wireBytes = 0;
  let errors = 0;
  let firstError: string | undefined;
  return {
    answered(path, answer, latencyMs) {
      if (answer.status >= 200 && answer.status < 300) {
        samples.push(latencyMs);
        bodyBytes += Buffer.byteLength(answer.text);
        wireBytes += answer.wireBytes;
      } else {
        errors++;
        firstError ??= `${answer.status} ${path} ${answer.text.slice(0, 200)}`;
      }
    },
    failed(path, error) {
      errors++;
      firstError ??= `${path} ${(error as Error).message}`;
    },
    summary(seconds) {
      const mean = (bytes: number) => (samples.length === 0 ? 0 : Math.round(bytes / samples.length));
      const sized = {
        ...summarise(samples, errors, seconds),
        body_bytes: mean(bodyBytes),
        wire_bytes: mean(wireBytes),
      };
      return firstError ? { ...sized, first_error: firstError } : sized;
    },
  };
}
