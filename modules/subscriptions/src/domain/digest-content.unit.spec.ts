import { describe, expect, it } from 'vitest';
import { makeDigestEvent } from '../testing/mail-fixtures.ts';
import { renderDigest, type DigestContentInput } from './digest-content.ts';
import type { DigestEvent } from './digest-event.ts';

const render = (
  events: DigestEvent[],
  overrides: Partial<Pick<DigestContentInput, 'recipientName' | 'city' | 'country' | 'savedSearch'>> = {},
) =>
  renderDigest({
    appName: 'Evently',
    publicUrl: 'https://evently.example/',
    recipientName: 'recipientName' in overrides ? (overrides.recipientName ?? null) : 'Ana',
    city: overrides.city ?? 'Austin',
    country: overrides.country ?? 'United States',
    events,
    unsubscribeUrl: 'https://evently.example/api/subscriptions/unsubscribe/tok',
    ...(overrides.savedSearch ? { savedSearch: overrides.savedSearch } : {}),
  });

describe('renderDigest', () => {
  it('counts events in words that agree with the number', () => {
    // Given one event, then three
    const one = render([makeDigestEvent()]);
    const three = render([makeDigestEvent({ id: 1 }), makeDigestEvent({ id: 2 }), makeDigestEvent({ id: 3 })]);
    // Then the subject and headline say "1 event" and "3 events"
    expect(one.subject).toBe('Evently: 1 event near Austin this week');
    expect(one.html).toContain('1 event near Austin this week</h1>');
    expect(three.subject).toBe('Evently: 3 events near Austin this week');
    expect(three.text).toContain('3 events near Austin this week.');
  });

  it('names a saved search as a name in quotes, links to it and offers edit and unsubscribe from it', () => {
    const mail = render([makeDigestEvent({ id: 1 }), makeDigestEvent({ id: 2 })], {
      savedSearch: {
        name: 'Events under $50 near Austin',
        url: 'https://evently.example/?country=United+States&city=Austin&max_price=50',
        editUrl: 'https://evently.example/?country=United+States&city=Austin&max_price=50&edit=tok',
      },
    });
    // A search without a keyword is named "Events ...": quoted, it reads as the search's name, not a repetition.
    expect(mail.subject).toBe('Evently: 2 events this week for “Events under $50 near Austin”');
    expect(mail.html).toContain('2 events this week for “Events under $50 near Austin”</h1>');
    expect(mail.text).toContain(
      'See this search on Evently:\nhttps://evently.example/?country=United+States&city=Austin&max_price=50',
    );
    expect(mail.text).toContain(
      'Edit this search: https://evently.example/?country=United+States&city=Austin&max_price=50&edit=tok',
    );
    expect(mail.html).toContain('>Unsubscribe from this search</a>');
    expect(mail.html).not.toContain('See all events near');
  });

  it("shows each event on its venue's clock with the zone", () => {
    const mail = render([makeDigestEvent({ date: '2026-12-06T02:00:00Z', timezone: 'America/Chicago' })]);
    expect(mail.text).toContain('Sat 5 Dec · 20:00 GMT-6');
    expect(mail.html).toContain('Sat 5 Dec · 20:00 GMT-6');
    expect(mail.text).not.toContain('UTC');
  });

  it("links every event to its page and ends with a call to action that opens the subscriber's city", () => {
    const mail = render([makeDigestEvent(), makeDigestEvent({ id: 7, slug: null, name: 'Food fair' })], {
      city: 'São Paulo',
      country: 'Brazil',
    });
    const cta = 'https://evently.example/?country=Brazil&city=S%C3%A3o+Paulo';
    expect(mail.text).toContain('https://evently.example/events/42-jazz-night');
    expect(mail.text).toContain('https://evently.example/event/7');
    expect(mail.html).toContain('href="https://evently.example/events/42-jazz-night"');
    expect(mail.text).toContain(`See all events near São Paulo:\n${cta}`);
    expect(mail.html).toContain(`href="${cta.replace('&', '&amp;')}"`);
    expect(mail.html).toContain('>See all events near São Paulo</a>');
  });

  it('uses the category artwork from our server when an event has no usable image', () => {
    const mail = render([
      makeDigestEvent({ id: 1, image_url: null, category: 'Food & Drink', name: 'Taco crawl' }),
      makeDigestEvent({ id: 2, image_url: 'javascript:alert(1)', category: 'Unheard of', name: 'Mystery' }),
    ]);
    expect(mail.html).toContain('src="https://evently.example/static/mail/food-drink.png"');
    expect(mail.html).toContain('alt="Taco crawl (Food &amp; Drink)"');
    expect(mail.html).toContain('src="https://evently.example/static/mail/other.png"');
    expect(mail.html).not.toContain('javascript:');
  });

  it("keeps the artwork behind the event's own image, for when that image fails to load", () => {
    const mail = render([makeDigestEvent({ image_url: 'https://img.example/jazz.jpg' })]);
    expect(mail.html).toContain('src="https://img.example/jazz.jpg"');
    expect(mail.html).toContain('alt="Jazz Night"');
    expect(mail.html).toContain("background-image:url('https://evently.example/static/mail/music-concerts.png')");
  });

  it('escapes hostile feed text and keeps it from faking lines in the plain-text part', () => {
    // Given a feed that put markup, an attribute break-out and a forged line into an event
    const mail = render([
      makeDigestEvent({
        name: '<script>alert(1)</script> Gala',
        venue_name: 'Hall" onmouseover="x',
        price_text: 'Free\nUnsubscribe: https://evil.example',
        image_url: 'https://img.example/a.jpg"><img src=x onerror=alert(1)>',
      }),
    ]);
    // Then none of it becomes markup, and the forged line stays on the price line
    expect(mail.html).not.toMatch(/<script|<img src=x|onmouseover="x/);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Gala');
    expect(mail.html).toContain('Hall&quot; onmouseover=&quot;x');
    expect(mail.text).toContain('Free Unsubscribe: https://evil.example');
    expect(mail.text.split('\n').filter((line) => line.startsWith('Unsubscribe'))).toEqual([
      'Unsubscribe with one click: https://evently.example/api/subscriptions/unsubscribe/tok',
    ]);
  });

  it('has a plain-text part that reads as a letter', () => {
    const mail = render([makeDigestEvent({ unique_title: 'Jazz Night at Blue Hall' })]);
    expect(mail.text).toBe(
      [
        'Hi Ana,',
        '',
        "1 event near Austin this week. Times are the venue's local time.",
        '',
        'Jazz Night at Blue Hall',
        'Sat 5 Dec · 20:00 GMT-6',
        'Blue Hall, Austin',
        'USD 20 - 40',
        'https://evently.example/events/42-jazz-night',
        '',
        'See all events near Austin:',
        'https://evently.example/?country=United+States&city=Austin',
        '',
        '--',
        'You get this weekly digest because you subscribed to Evently for Austin.',
        'Unsubscribe with one click: https://evently.example/api/subscriptions/unsubscribe/tok',
        '',
      ].join('\n'),
    );
  });

  it('greets without a name when there is none and says when a date is not known', () => {
    const mail = render([makeDigestEvent({ date: null })], { recipientName: null });
    expect(mail.text.startsWith('Hi,\n')).toBe(true);
    expect(mail.html).toContain('Here is what');
    expect(mail.text).toContain('Date to be announced');
  });

  it('keeps the unsubscribe link, a preheader, alt texts and a 600 px column', () => {
    const mail = render([makeDigestEvent(), makeDigestEvent({ id: 2, name: 'Food fair' })]);
    expect(mail.html).toContain('href="https://evently.example/api/subscriptions/unsubscribe/tok"');
    expect(mail.html).toMatch(
      /<div style="display:none[^"]*">Jazz Night and Food fair, on the venue&#39;s local time\./,
    );
    expect(mail.html).toContain('max-width:600px');
    expect(mail.html.match(/<img /g)?.length).toBe(mail.html.match(/<img [^>]*alt="[^"]+"/g)?.length);
  });
});
