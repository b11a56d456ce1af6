import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { EventImage } from './event-image.tsx';

afterEach(cleanup);

describe('event image states (spec 01 §4 Image, §8)', () => {
  it('shows Загрузка... while loading, then the image', () => {
    render(<EventImage src="https://example.com/a.jpg" name="Jazz Night" category="Music & Concerts" />);
    expect(screen.getByText('Загрузка...')).toBeTruthy();
    fireEvent.load(screen.getByRole('img', { name: 'Jazz Night' }));
    expect(screen.queryByText('Загрузка...')).toBeNull();
    expect(screen.getByRole('img', { name: 'Jazz Night' }).getAttribute('src')).toBe('https://example.com/a.jpg');
  });

  it('replaces a failed image with the generated placeholder', () => {
    render(<EventImage src="https://example.com/broken.jpg" name="Jazz Night" category="Music & Concerts" />);
    fireEvent.error(screen.getByRole('img', { name: 'Jazz Night' }));
    const img = screen.getByRole('img', { name: 'Jazz Night' });
    expect(img.getAttribute('src')?.startsWith('data:image/svg+xml')).toBe(true);
    expect(screen.queryByText('Загрузка...')).toBeNull();
  });

  it('uses the placeholder at once when there is no image', () => {
    render(<EventImage src={null} name="No Picture" />);
    expect(screen.getByRole('img', { name: 'No Picture' }).getAttribute('data-placeholder')).toBe('true');
  });

  it('offers webp and jpeg candidates for a resizing host', () => {
    const { container } = render(<EventImage src="https://images.unsplash.com/photo-1" name="Wide" />);
    expect(container.querySelector('source[type="image/webp"]')?.getAttribute('srcset')).toContain('1600w');
    expect(container.querySelector('img')?.getAttribute('srcset')).toContain('fm=jpg');
  });

  describe('a server-rendered image that settled before the client started', () => {
    const src = 'https://example.com/hero.jpg';

    /** Paints the server's markup, lets the browser settle the image as given, then hydrates. */
    async function hydrateSettled(naturalWidth: number): Promise<HTMLElement> {
      const element = <EventImage src={src} name="Jazz Night" category="Music & Concerts" loading="eager" />;
      const container = document.createElement('div');
      container.innerHTML = renderToString(element);
      document.body.append(container);
      const img = container.querySelector('img') as HTMLImageElement;
      Object.defineProperties(img, {
        complete: { value: true },
        naturalWidth: { value: naturalWidth },
        currentSrc: { value: src },
      });
      await act(async () => {
        hydrateRoot(container, element);
      });
      return container;
    }

    afterEach(() => {
      document.body.replaceChildren();
    });

    it('shows the generated artwork when the image had already failed', async () => {
      const container = await hydrateSettled(0);
      expect(container.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
      expect(container.textContent).not.toContain('Загрузка...');
    });

    it('drops the loading text when the image had already loaded', async () => {
      const container = await hydrateSettled(1200);
      expect(container.querySelector('img')?.getAttribute('src')).toBe(src);
      expect(container.textContent).not.toContain('Загрузка...');
    });
  });
});
