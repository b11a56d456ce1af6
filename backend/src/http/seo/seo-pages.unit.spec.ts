import { describe, expect, it, vi } from 'vitest';
import { createSeoPages } from './seo-pages.ts';
import { makePublicEvent } from './testing/public-event.ts';

const base = { appName: 'Evently', publicUrl: 'https://evently.example' };

describe('event page heads read the event once', () => {
  it("given the module's page read, then the head and the first paint's event come from that one read, with the visitor", async () => {
    const event = makePublicEvent({ view_count: 8 });
    const getEvent = vi.fn();
    const canonicalEvent = vi.fn();
    const readEventPage = vi.fn(async () => ({ event }));
    const pages = createSeoPages({ ...base, getEvent, canonicalEvent, readEventPage });

    const page = await pages.resolve('/events/42-jazz-night-madrid', { countView: true, userAgent: 'Mozilla/5.0' });

    expect(page.status).toBe(200);
    expect(page.event).toBe(event);
    expect(page.meta.title).toBe('Jazz Night Madrid | Evently');
    expect(readEventPage).toHaveBeenCalledTimes(1);
    expect(readEventPage).toHaveBeenCalledWith('42', { countView: true, userAgent: 'Mozilla/5.0' });
    expect(getEvent).not.toHaveBeenCalled();
    expect(canonicalEvent).not.toHaveBeenCalled();
  });

  it('given a linked record, then the page moves to its event; given none, then 404 without an event', async () => {
    const readEventPage = vi.fn(async (id: string) =>
      id === '7' ? { moved: { id: '42', slug: '42-jazz-night-madrid' } } : null,
    );
    const pages = createSeoPages({ ...base, getEvent: vi.fn(), readEventPage });
    expect((await pages.resolve('/event/7')).movedTo).toBe('/event/42-jazz-night-madrid');
    const missing = await pages.resolve('/event/9');
    expect(missing.status).toBe(404);
    expect(missing.event).toBeUndefined();
    // A head asked for without a visitor (HEAD, no first paint) counts no view.
    expect(readEventPage).toHaveBeenLastCalledWith('9', { countView: false });
  });
});
