/**
 * Presence on the support desk: a short-lived record per admin connection in the store, and a message on its
 * own topic whenever a ticket's viewers change, so every api replica's live gateway pushes the new list to its
 * admin sockets. The messages carry the ticket number and nothing else; the names stay in the store.
 */
import { defineMessages } from '@evently/platform';
import { z } from 'zod';
import { PRESENCE_STATES } from '../domain/presence.ts';

/** Named `.activity` so Kafka keeps it a week, not for ever: presence is worthless after seconds. */
export const SUPPORT_PRESENCE_TOPIC = 'evently.support-presence.activity';

export const presenceMessageTypes = { changed: 'SupportPresenceChanged' } as const;

export const supportPresenceChangedSchema = z.object({ ticket_number: z.string().min(1) });

export const presenceMessage = defineMessages(SUPPORT_PRESENCE_TOPIC, {
  [presenceMessageTypes.changed]: supportPresenceChangedSchema,
});

/** What an admin socket sends: the ticket it has open (null when none) and whether it is typing. */
export const presenceAnnouncementSchema = z.object({
  ticket_number: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^TT-\d{4}-\d{4,}$/)
    .nullable(),
  state: z.enum(PRESENCE_STATES).optional().default('viewing'),
});

export type PresenceAnnouncement = z.infer<typeof presenceAnnouncementSchema>;
