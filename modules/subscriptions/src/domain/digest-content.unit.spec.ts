import { describe, expect, it } from 'vitest';
import { renderDigest } from './digest-content.ts';
import type { DigestEvent } from './digest-event.ts';

const makeEvent = (overrides: Partial<DigestEvent> = {}): DigestEvent => ({
  id: 42,
  name: 'Jazz <Night>',
  date: '2026-11-28T19:00:00Z',
  venue_name: 'Blue Hall',
  city: 'Lisbon',
  country: 'Portugal',
  category: 'Music & Concerts',
  image_url: 'https://img.example/jazz.jpg',
  price_text: 'USD 20 - 40',
  slug: '42-jazz-night',
  ...overrides,
});

const render = (events: DigestEvent[], recipientName: string | null = 'Ana') =>
  renderDigest({
    appName: 'Evently',
    publicUrl: 'https://evently.example',
    recipientName,
    city: 'Lisbon',
    events,
    unsubscribeUrl: 'https://evently.example/api/subscriptions/unsubscribe/tok',
  });

describe('renderDigest', () => {
  it('links every event to its event page in both parts', () => {
    const mail = render([makeEvent(), makeEvent({ id: 7, slug: null, name: 'Food fair' })]);
    expect(mail.text).toContain('https://evently.example/events/42-jazz-night');
    expect(mail.text).toContain('https://evently.example/event/7');
    expect(mail.html).toContain('href="https://evently.example/events/42-jazz-night"');
    expect(mail.html).toContain('href="https://evently.example/event/7"');
  });

  it('escapes event text in the HTML part', () => {
    const mail = render([makeEvent()]);
    expect(mail.html).toContain('Jazz &lt;Night&gt;');
    expect(mail.html).not.toContain('Jazz <Night>');
  });

  it('keeps a category block when an event has no image, and alt text when it has one', () => {
    const mail = render([makeEvent({ image_url: null }), makeEvent({ id: 8 })]);
    expect(mail.html).toMatch(/<div[^>]*>Music &amp; Concerts<\/div>/);
    expect(mail.html).toMatch(/<img [^>]*alt="Jazz &lt;Night&gt; \(Music &amp; Concerts\)"/);
  });

  it('carries the unsubscribe link and greets by name when known', () => {
    const named = render([makeEvent()]);
    expect(named.text).toContain('Hi Ana,');
    expect(named.text).toContain('Unsubscribe: https://evently.example/api/subscriptions/unsubscribe/tok');
    expect(named.html).toContain('href="https://evently.example/api/subscriptions/unsubscribe/tok"');
    expect(render([makeEvent()], null).text.startsWith('Hi,')).toBe(true);
  });

  it('prefers the unique title and shows Date TBA for a missing date', () => {
    const mail = render([makeEvent({ unique_title: 'Lisbon Jazz Night', date: null })]);
    expect(mail.text).toContain('1. Lisbon Jazz Night');
    expect(mail.text).toContain('Date TBA');
    expect(mail.subject).toBe('Evently: 1 events near Lisbon this week');
  });
});
