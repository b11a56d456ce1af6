/**
 * A subscriber as the Subscribers tab's list answers it, for client specs: a confirmed, active city digest in
 * Madrid with no saved filters. Specs override what they look at.
 */
import type { AdminSubscriberView } from '@evently/subscriptions/contracts';

export function makeAdminSubscriber(overrides: Partial<AdminSubscriberView> = {}): AdminSubscriberView {
  return {
    id: 's1',
    email: 'ana@example.com',
    name: 'Ana',
    country: 'Spain',
    city: 'Madrid',
    radius_km: 50,
    is_active: true,
    status: 'active',
    confirmed: true,
    confirmed_at: '2025-07-01T10:05:00.000Z',
    unsubscribe_token: 'tok',
    unsubscribe_url: 'http://localhost/api/subscriptions/unsubscribe/tok',
    created_at: '2025-07-01T10:00:00.000Z',
    updated_at: '2025-07-01T10:00:00.000Z',
    last_sent_at: null,
    search: { keyword: null, category: null, min_price: null, max_price: null, date_preset: null, centre: null },
    has_filters: false,
    search_description: 'Events near Madrid',
    search_url: 'http://localhost/?country=Spain&city=Madrid',
    ...overrides,
  };
}
