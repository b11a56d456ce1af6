/**
 * Presence on the support desk: a short-lived record per admin connection in the store, and a message on its
 * own topic whenever a ticket's viewers change, so every api replica's live gateway pushes the new list to its
 * admin sockets. The messages carry the ticket number and nothing else; the names stay in the store. What an
 * admin socket announces, and what it is pushed, are in `live-channels.ts`.
 */
import { defineMessages } from '@evently/platform';
import { z } from 'zod';

/** Named `.activity` so Kafka keeps it a week, not for ever: presence is worthless after seconds. */
export const SUPPORT_PRESENCE_TOPIC = 'evently.support-presence.activity';

export const presenceMessageTypes = { changed: 'SupportPresenceChanged' } as const;

export const supportPresenceChangedSchema = z.object({ ticket_number: z.string().min(1) });

export const presenceMessage = defineMessages(SUPPORT_PRESENCE_TOPIC, {
  [presenceMessageTypes.changed]: supportPresenceChangedSchema,
});
