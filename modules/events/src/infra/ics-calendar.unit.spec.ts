import { describe, expect, it } from 'vitest';
import { toPublicEvent } from '../domain/public-view.ts';
import { makeStoredEvent } from '../testing/make-event.ts';
import { eventPageUrl, eventUid, renderCalendar } from './ics-calendar.ts';

const event = toPublicEvent(makeStoredEvent(), new Date('2026-11-21T10:00:00Z'));

describe('calendar files', () => {
  it('keep one UID per event and site', () => {
    expect(eventUid(1, 'https://evently.example')).toBe('event-1@evently.example');
    expect(eventPageUrl(event, 'https://evently.example/')).toBe('https://evently.example/events/1-jazz-night-madrid');
  });

  it('still render when the library refuses the base URL (a one-digit port in development)', () => {
    const text = renderCalendar([event], { publicUrl: 'http://localhost:0', name: 'Test' });
    expect(text).toContain('UID:event-1@localhost');
    expect(text).not.toMatch(/^URL/m);
    // Long lines are folded (RFC 5545 §3.1); unfolded, the description carries the page link.
    expect(text.replace(/\r\n[ \t]/g, '')).toContain('http://localhost:0/events/1-jazz-night-madrid');
  });
});
