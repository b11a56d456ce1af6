import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPIED_NOTICE_MS, ShareButton } from './share-button.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const content = { url: 'https://evently.test/event/1', title: 'Jazz' };

describe('share button (spec 01 §4 Share button)', () => {
  it('shows Copied for 1.5 s after a copy', async () => {
    vi.useFakeTimers();
    const writeClipboard = vi.fn(async () => {});
    render(<ShareButton content={content} environment={() => ({ writeClipboard, legacyCopy: () => false })} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    });
    expect(writeClipboard).toHaveBeenCalledWith(content.url);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(COPIED_NOTICE_MS - 1));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
    expect(COPIED_NOTICE_MS).toBe(1500);
  });

  it('does not say Copied after a native share', async () => {
    const share = vi.fn(async () => {});
    render(<ShareButton content={content} environment={() => ({ share, legacyCopy: () => true })} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    });
    expect(share).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
  });

  it('lists the six share targets as new-window links when asked', () => {
    render(<ShareButton content={content} showTargets />);
    const toggle = screen.getByRole('button', { name: 'More share options' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Facebook', 'Telegram', 'WhatsApp', 'X', 'Reddit', 'Email']);
    expect(links.every((link) => link.getAttribute('target') === '_blank')).toBe(true);
  });
});
