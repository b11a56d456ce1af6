import { describe, expect, it } from 'vitest';
import { PRICE_RULE, savedFiltersDraftOf, savedFiltersPatch } from './saved-filters-rules.ts';
import { NO_CHANGES } from './subscriber-rules.ts';
import type { AdminSubscriber } from './types.ts';

const subscriber = {
  id: 's1',
  email: 'a@b.co',
  search: { keyword: 'jazz', category: null, min_price: null, max_price: 50, date_preset: null, centre: null },
} as unknown as AdminSubscriber;

describe("the admin's saved-search edit", () => {
  it('patches only what changed, and an emptied field clears its filter', () => {
    const draft = savedFiltersDraftOf(subscriber);
    expect(draft).toEqual({ keyword: 'jazz', category: '', min_price: '', max_price: '50', date_preset: '' });
    expect(savedFiltersPatch(subscriber, draft)).toEqual({ problem: NO_CHANGES });
    expect(
      savedFiltersPatch(subscriber, { ...draft, max_price: '', category: 'Technology', date_preset: 'this_week' }),
    ).toEqual({
      patch: { max_price: null, category: 'Technology', date_preset: 'this_week' },
    });
  });

  it('refuses a negative price or a maximum under the minimum', () => {
    const draft = savedFiltersDraftOf(subscriber);
    expect(savedFiltersPatch(subscriber, { ...draft, min_price: '60' })).toEqual({ problem: PRICE_RULE });
    expect(savedFiltersPatch(subscriber, { ...draft, min_price: '-1' })).toEqual({ problem: PRICE_RULE });
  });
});
