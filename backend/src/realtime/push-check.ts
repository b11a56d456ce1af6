/**
 * The live channels held to their contract, in tests: with `CHECK_API_ANSWERS=1` (as for HTTP answers) every
 * payload the gateway is about to emit is parsed with the schema the contract gives its namespace and event. A
 * mismatch is logged with zod's issues and the push is not sent, so the test waiting for it fails and the log
 * says why. Events no contract describes pass unchecked.
 */
import type { Logger } from 'pino';
import type { z } from 'zod';

/** Whether a payload may go out on `namespace` as `event`. */
export type PushCheck = (namespace: string, event: string, payload: unknown) => boolean;

export interface DescribedChannel {
  namespace: string;
  pushes: Record<string, { payload: z.ZodType }>;
}

export function checkPushes(channels: DescribedChannel[], logger: Logger): PushCheck {
  const schemas = new Map(
    channels.flatMap((channel) =>
      Object.entries(channel.pushes).map(([event, { payload }]) => [`${channel.namespace} ${event}`, payload] as const),
    ),
  );
  return (namespace, event, payload) => {
    const schema = schemas.get(`${namespace} ${event}`);
    if (!schema) return true;
    const checked = schema.safeParse(JSON.parse(JSON.stringify(payload)));
    if (checked.success) return true;
    const issues = checked.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`)
      .join('; ');
    logger.error(
      { namespace, event, issues: checked.error.issues },
      `push does not match its live-channel contract: ${namespace} ${event}: ${issues}`,
    );
    return false;
  };
}
