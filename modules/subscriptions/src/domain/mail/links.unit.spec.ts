import { describe, expect, it } from 'vitest';
import { artworkUrl, cityEventsUrl, eventPageUrl } from './links.ts';

describe('mail links', () => {
  it('opens the home page with the country and city as filters, encoded', () => {
    expect(cityEventsUrl('https://evently.example', { country: 'United States', city: 'Austin' })).toBe(
      'https://evently.example/?country=United+States&city=Austin',
    );
    expect(cityEventsUrl('https://evently.example/', { country: 'Brazil', city: 'São Paulo' })).toBe(
      'https://evently.example/?country=Brazil&city=S%C3%A3o+Paulo',
    );
    expect(cityEventsUrl('https://evently.example', { country: 'X&y=1', city: 'A#b' })).toBe(
      'https://evently.example/?country=X%26y%3D1&city=A%23b',
    );
  });

  it('serves the fallback artwork per category from our own origin, Other for anything unknown', () => {
    expect(artworkUrl('https://evently.example/', 'Music & Concerts')).toBe(
      'https://evently.example/static/mail/music-concerts.png',
    );
    expect(artworkUrl('https://evently.example', 'Gift Cards')).toBe(
      'https://evently.example/static/mail/gift-cards.png',
    );
    expect(artworkUrl('https://evently.example', 'toString')).toBe('https://evently.example/static/mail/other.png');
    expect(artworkUrl('https://evently.example', null)).toBe('https://evently.example/static/mail/other.png');
  });

  it('links an event by slug, encoded, or by id without one', () => {
    expect(eventPageUrl('https://evently.example/', { id: 1, slug: '1-jazz' })).toBe(
      'https://evently.example/events/1-jazz',
    );
    expect(eventPageUrl('https://evently.example', { id: 2, slug: '../admin?x' })).toBe(
      'https://evently.example/events/..%2Fadmin%3Fx',
    );
    expect(eventPageUrl('https://evently.example', { id: 3, slug: null })).toBe('https://evently.example/event/3');
  });
});
