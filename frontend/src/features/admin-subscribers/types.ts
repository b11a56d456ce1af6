/** Subscribers as the admin API answers them (spec 02 §3 "Subscriber", §7 GET /api/subscriptions/admin). */
export interface AdminSubscriber {
  id: string;
  email: string;
  name: string | null;
  country: string | null;
  city: string | null;
  radius_km: number | null;
  is_active: boolean;
  unsubscribe_token?: string;
  unsubscribe_url: string;
  created_at: string;
  updated_at: string | null;
  last_sent_at: string | null;
  /** Double opt-in, when the server has it: pending until the address is confirmed. */
  status?: 'pending' | 'active' | 'unsubscribed';
  confirmed?: boolean;
  confirmed_at?: string | null;
  /** The saved search, when the server keeps them: its filters, in words, and its address on the site. */
  search?: SavedFilters;
  has_filters?: boolean;
  search_description?: string;
  search_url?: string;
}

export interface SavedFilters {
  keyword: string | null;
  category: string | null;
  min_price: number | null;
  max_price: number | null;
  date_preset: 'today' | 'tomorrow' | 'this_week' | 'this_month' | null;
  centre: { lat: number; lon: number } | null;
}

export interface SubscriberStats {
  total: number;
  active: number;
  inactive: number;
  sent_last_7d: number;
  /** Not confirmed yet; only from a server with double opt-in. */
  pending?: number;
}

export interface SubscriberPage {
  subscriptions: AdminSubscriber[];
  pages: number;
  stats: SubscriberStats | null;
}

export type SubscriberSort = 'recent' | 'email' | 'last_sent' | 'city';
export type SubscriberStatusFilter = 'all' | 'active' | 'inactive' | 'pending';

export interface SubscriberFilters {
  search: string;
  status: SubscriberStatusFilter;
  country: string;
  city: string;
  sort: SubscriberSort;
  /** Only subscriptions whose search has filters. */
  savedOnly: boolean;
}

export const EMPTY_FILTERS: SubscriberFilters = {
  search: '',
  status: 'all',
  country: '',
  city: '',
  sort: 'recent',
  savedOnly: false,
};

/** Spec 02 §9: the admin list's page size. */
export const SUBSCRIBERS_PAGE_SIZE = 25;
