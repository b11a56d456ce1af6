import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FilterPanel, TEXT_FILTER_DEBOUNCE_MS } from './filter-panel.tsx';
import { cleanFilterOptions } from './filter-options.ts';
import { DEFAULT_FILTERS, type FilterState } from './filter-state.ts';

const options = cleanFilterOptions({
  countries: ['France', 'Spain'],
  cities: ['Lyon', 'Madrid', 'Paris'],
  citiesByCountry: { France: ['Lyon', 'Paris'], Spain: ['Madrid'] },
  categories: ['Technology'],
});

function renderPanel(value: FilterState = DEFAULT_FILTERS) {
  const onApply = vi.fn();
  const view = render(<FilterPanel value={value} options={options} nearbyActive={false} onApply={onApply} />);
  return { onApply, ...view };
}

describe('filter panel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('applies the keyword after a 300 ms pause, once', () => {
    const { onApply } = renderPanel();
    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: 'ja' } });
    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: 'jazz' } });
    act(() => vi.advanceTimersByTime(TEXT_FILTER_DEBOUNCE_MS - 1));
    expect(onApply).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply.mock.calls[0]?.[0]).toMatchObject({ keyword: 'jazz' });
    // Typing makes one history entry per burst, not one per pause.
    expect(onApply.mock.calls[0]?.[1]).toBe('typing');
  });

  it('applies at once on Search', () => {
    const { onApply } = renderPanel();
    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: 'rock' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ keyword: 'rock' }), 'commit');
  });

  it('applies a price immediately', () => {
    const { onApply } = renderPanel();
    fireEvent.change(screen.getByLabelText('Min price (USD)'), { target: { value: '15' } });
    expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ min_price: '15' }), 'typing');
  });

  it("resets the city when the country changes and lists only that country's cities", () => {
    const { onApply } = renderPanel({ ...DEFAULT_FILTERS, country: 'France', city: 'Paris' });
    expect(screen.getAllByRole('option', { name: /Lyon|Paris|Madrid/ }).map((option) => option.textContent)).toEqual([
      'Lyon',
      'Paris',
    ]);
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'Spain' } });
    act(() => vi.advanceTimersByTime(TEXT_FILTER_DEBOUNCE_MS));
    expect(onApply).toHaveBeenLastCalledWith(expect.objectContaining({ country: 'Spain', city: 'all' }), 'commit');
  });

  it("shows the custom date inputs only for 'Custom dates'", () => {
    renderPanel();
    expect(screen.queryByLabelText('Start date')).toBeNull();
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: 'custom' } });
    expect(screen.getByLabelText('Start date')).toBeTruthy();
    expect(screen.getByLabelText('End date')).toBeTruthy();
  });

  it('removes a chip and clears all', () => {
    const { onApply } = renderPanel({ ...DEFAULT_FILTERS, keyword: 'jazz', min_price: '5', max_price: '9' });
    expect(screen.getByText('Active Filters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Price: $5 - $9' }));
    expect(onApply).toHaveBeenLastCalledWith(
      expect.objectContaining({ keyword: 'jazz', min_price: '', max_price: '' }),
      'commit',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(onApply).toHaveBeenLastCalledWith(DEFAULT_FILTERS, 'commit');
  });
});
