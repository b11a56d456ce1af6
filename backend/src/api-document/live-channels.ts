/**
 * The socket.io channels in the API document, generated from the live-channel contracts the gateway and the
 * client use (`SUPPORT_LIVE_CHANNELS`, `REVIEWS_LIVE_PUSH`): OpenAPI has no place for sockets, so the
 * introduction lists each namespace's events with their fields, and every payload's schema is a component
 * (`LiveAdminTicket`, ...).
 */
import type { z } from 'zod';
import { REVIEWS_LIVE_PUSH } from '@evently/reviews/contracts';
import { SUPPORT_LIVE_CHANNELS, type LiveChannel } from '@evently/support';

type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, Record<string, unknown>>;
  required?: string[];
};
type ToJsonSchema = (schema: z.ZodType, io: 'input' | 'output') => JsonSchema;

export interface LiveChannelsDocument {
  /** Markdown for the document's introduction. */
  description: string;
  /** Payload and handshake schemas by component name. */
  components: Record<string, JsonSchema>;
}

const pascal = (text: string) =>
  text
    .split(/[^a-z0-9]+/i)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/** `{ change, ticket_number, ticket? }`: the top-level fields, optional ones marked. */
function fieldsOf(schema: JsonSchema): string {
  const required = new Set(schema.required ?? []);
  const names = Object.keys(schema.properties ?? {}).map((name) => (required.has(name) ? name : `${name}?`));
  return `\`{ ${names.join(', ')} }\``;
}

export function liveChannelsDocument(toJsonSchema: ToJsonSchema): LiveChannelsDocument {
  const components: Record<string, JsonSchema> = {};
  const component = (name: string, schema: z.ZodType, io: 'input' | 'output') => {
    const json = toJsonSchema(schema, io);
    components[name] = json;
    return `${fieldsOf(json)} (\`${name}\`)`;
  };
  const sections = Object.entries(SUPPORT_LIVE_CHANNELS as Record<string, LiveChannel>).map(([key, channel]) => {
    const prefix = `Live${pascal(key)}`;
    const lines = [
      `**\`${channel.namespace}\`**: ${channel.summary}; handshake \`auth\` ${component(`${prefix}Handshake`, channel.handshake, 'input')}.`,
      ...Object.entries(channel.pushes).map(
        ([event, push]) =>
          `- receives \`${event}\` ${component(`${prefix}${pascal(event)}`, push.payload, 'output')}: ${push.summary}`,
      ),
      ...Object.entries(channel.requests).map(([event, request]) =>
        request.payload
          ? `- sends \`${event}\` ${component(`${prefix}${pascal(event)}Request`, request.payload, 'input')}: ${request.summary}`
          : `- sends \`${event}\`: ${request.summary}`,
      ),
      // The review queue's count shares the `/admin` namespace; the reviews module owns it.
      ...(channel.namespace === REVIEWS_LIVE_PUSH.namespace
        ? [
            `- receives \`${REVIEWS_LIVE_PUSH.event}\` ${component(`${prefix}${pascal(REVIEWS_LIVE_PUSH.event)}`, REVIEWS_LIVE_PUSH.payload, 'output')}: ${REVIEWS_LIVE_PUSH.summary}`,
          ]
        : []),
    ];
    return lines.join('\n');
  });
  const description = [
    '## Live channels (socket.io, same origin)',
    'Each payload is described by the schema component named beside it. A refused handshake ends in `connect_error` "unauthorized".',
    ...sections,
    'Clients drop any push whose `version` is not newer than what they hold.',
  ].join('\n\n');
  return { description: `\n${description}`, components };
}
