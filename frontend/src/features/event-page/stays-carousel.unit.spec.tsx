import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Accommodation } from './api.ts';
import { STAYS_ROTATION_MS, StaysCarousel, visibleWindow } from './stays-carousel.tsx';

function stays(count: number): Accommodation[] {
  return Array.from({ length: count }, (_, index) => ({
    id: String(index + 1),
    name: `Stay ${index + 1}`,
    image_url: null,
    price_text: 'from USD 90',
    rating: 4.5,
    distance: 0.8,
    url: `https://stays.example/${index + 1}`,
  }));
}

function screenIsNarrow(narrow: boolean) {
  window.matchMedia = vi.fn(() => ({
    matches: narrow,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  })) as never;
}

const shownNames = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('visible window', () => {
  it('wraps around the end of the list', () => {
    expect(visibleWindow([1, 2, 3, 4, 5], 3, 4)).toEqual([4, 5, 1, 2]);
    expect(visibleWindow([1, 2], 1, 4)).toEqual([1, 2]);
  });
});

describe('Nearby Stays carousel (spec 01 §9)', () => {
  it('shows 4 stays on wide screens and rotates every 5000 ms when there are more', () => {
    vi.useFakeTimers();
    screenIsNarrow(false);
    render(<StaysCarousel items={stays(6)} />);
    expect(shownNames()).toEqual(['Stay 1', 'Stay 2', 'Stay 3', 'Stay 4']);
    act(() => vi.advanceTimersByTime(STAYS_ROTATION_MS - 1));
    expect(shownNames()[0]).toBe('Stay 1');
    act(() => vi.advanceTimersByTime(1));
    expect(shownNames()).toEqual(['Stay 2', 'Stay 3', 'Stay 4', 'Stay 5']);
    expect(STAYS_ROTATION_MS).toBe(5000);
  });

  it('shows 3 stays up to 639 px wide', () => {
    screenIsNarrow(true);
    render(<StaysCarousel items={stays(6)} />);
    expect(shownNames()).toHaveLength(3);
  });

  it('offers previous and next only when there are more stays than visible', () => {
    screenIsNarrow(false);
    render(<StaysCarousel items={stays(5)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous stays' }));
    expect(shownNames()).toEqual(['Stay 5', 'Stay 1', 'Stay 2', 'Stay 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Next stays' }));
    expect(shownNames()[0]).toBe('Stay 1');
    cleanup();
    render(<StaysCarousel items={stays(4)} />);
    expect(screen.queryByRole('button', { name: 'Next stays' })).toBeNull();
  });

  it('does not rotate when everything fits', () => {
    vi.useFakeTimers();
    screenIsNarrow(false);
    render(<StaysCarousel items={stays(4)} />);
    act(() => vi.advanceTimersByTime(STAYS_ROTATION_MS * 3));
    expect(shownNames()).toEqual(['Stay 1', 'Stay 2', 'Stay 3', 'Stay 4']);
  });

  it('holds still while focus is inside', () => {
    vi.useFakeTimers();
    screenIsNarrow(false);
    render(<StaysCarousel items={stays(6)} />);
    fireEvent.focus(screen.getByRole('link', { name: 'Stay 1' }));
    act(() => vi.advanceTimersByTime(STAYS_ROTATION_MS * 2));
    expect(shownNames()[0]).toBe('Stay 1');
  });

  it('links each stay in a new tab, preferring affiliate_url', () => {
    screenIsNarrow(false);
    render(
      <StaysCarousel
        items={[
          {
            id: 'a',
            name: 'Casa',
            image_url: null,
            price_text: '',
            rating: null,
            distance: 0,
            affiliate_url: 'https://aff.example/a',
            url: 'https://x',
          },
        ]}
      />,
    );
    const link = screen.getByRole('link', { name: 'Casa' });
    expect(link.getAttribute('href')).toBe('https://aff.example/a');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
