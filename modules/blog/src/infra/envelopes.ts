/** Builds the outbox records this module appends alongside its writes (topic `evently.blog`). */
import { createEnvelope, type OutboxRecord } from '@evently/platform';
import { BLOG_TOPIC, blogMessageSchemas, type BlogMessageType } from '../contracts/messages.ts';
import type { z } from 'zod';

/** Validates `data` against the message's schema before it is appended, so nothing malformed enters the log. */
export function blogMessage<T extends BlogMessageType>(
  type: T,
  postId: string,
  aggregateVersion: number,
  data: z.input<(typeof blogMessageSchemas)[T]>,
  now: Date,
): OutboxRecord {
  return createEnvelope({
    topic: BLOG_TOPIC,
    key: postId,
    type,
    aggregateVersion,
    data: blogMessageSchemas[type].parse(data),
    occurredAt: now,
  });
}
