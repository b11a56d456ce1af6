/**
 * One review per e-mail per event. "Per event" is the catalogue id when there is one; for a free-text event it
 * is the typed name, normalised so that "Jazz Night!" and " jazz  night" are the same event while
 * "Jazz Night Madrid" is not. Both halves go into a unique index, so the rule holds under concurrent submits.
 */
import { normaliseEventName } from '../contracts/event-name.ts';

export function catalogueSubjectKey(eventId: number): string {
  return `event:${eventId}`;
}

export function freeTextSubjectKey(eventName: string): string {
  return `name:${normaliseEventName(eventName)}`;
}

/** E-mail addresses compare case-insensitively (in practice every provider treats them so). */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
