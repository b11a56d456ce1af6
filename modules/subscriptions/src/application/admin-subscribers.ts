/** The administrator's list, edit and delete of subscribers (spec 02 §2 Subscribers tab, §7 calls). */
import type { Stored, Where } from '@evently/platform';
import { HttpError, notFound } from '@evently/platform';
import type { AdminListQuery, AdminPatch } from '../contracts/admin.ts';
import { subscriberMessageTypes, subscriberMessage } from '../contracts/messages.ts';
import type { AdminSubscriberView, SubscriberPage } from '../contracts/subscriber-answers.ts';
import { patchedSearch, SearchContradiction, searchFieldChanges } from '../domain/search-edit.ts';
import { DIGEST_INTERVAL_DAYS, normaliseKey, type Subscriber } from '../domain/subscriber.ts';
import { subscribersCollection } from '../infra/collections.ts';
import type { SubscriptionsContext } from './context.ts';
import { toAdminView } from './views.ts';

const SORTS = {
  recent: [{ field: 'created_at', direction: 'desc' }],
  email: [{ field: 'email_key', direction: 'asc' }],
  last_sent: [{ field: 'last_sent_at', direction: 'desc' }],
  city: [
    { field: 'city_key', direction: 'asc' },
    { field: 'country_key', direction: 'asc' },
  ],
} as const;

function whereFor(query: AdminListQuery): Where {
  const where: Where = {};
  if (query.status === 'pending') where.confirmed_at = null;
  else if (query.status !== 'all') where.is_active = query.status === 'active';
  if (query.country) where.country_key = normaliseKey(query.country);
  if (query.city) where.city_key = normaliseKey(query.city);
  if (query.filters === 'saved') where.has_filters = true;
  if (query.search) {
    where.or = [{ email_key: { contains: query.search } }, { name: { contains: query.search } }];
  }
  return where;
}

export async function listSubscribers(ctx: SubscriptionsContext, query: AdminListQuery): Promise<SubscriberPage> {
  const where = whereFor(query);
  const since = new Date(ctx.clock.now().getTime() - DIGEST_INTERVAL_DAYS * 86_400_000).toISOString();
  const [matching, rows, total, active, pending, sentLast7d] = await Promise.all([
    subscribersCollection.count(ctx.store, where),
    subscribersCollection.find(ctx.store, {
      where,
      sort: [...SORTS[query.sort]],
      skip: (query.page - 1) * query.per_page,
      limit: query.per_page,
    }),
    subscribersCollection.count(ctx.store),
    subscribersCollection.count(ctx.store, { is_active: true }),
    subscribersCollection.count(ctx.store, { confirmed_at: null }),
    subscribersCollection.count(ctx.store, { last_sent_at: { gte: since } }),
  ]);
  return {
    ok: true,
    subscriptions: rows.map((row) => toAdminView(row, ctx.publicUrl)),
    pages: Math.max(1, Math.ceil(matching / query.per_page)),
    page: query.page,
    total: matching,
    stats: { total, active, inactive: total - active, pending, sent_last_7d: sentLast7d },
  };
}

export async function getSubscriber(ctx: SubscriptionsContext, id: string): Promise<Stored<Subscriber>> {
  const subscriber = await subscribersCollection.get(ctx.store, id);
  if (!subscriber) throw notFound('Subscriber not found');
  return subscriber;
}

/** Applies only the fields that differ; an edit that changes nothing writes and publishes nothing. */
export async function updateSubscriber(
  ctx: SubscriptionsContext,
  id: string,
  patch: AdminPatch,
): Promise<AdminSubscriberView> {
  const now = ctx.clock.now();
  const updated = await ctx.store.transaction(async (tx) => {
    const current = await subscribersCollection.get(tx, id);
    if (!current) throw notFound('Subscriber not found');
    const changes: Partial<Subscriber> = {};
    if (patch.name !== undefined && (patch.name || null) !== current.name) changes.name = patch.name || null;
    if (patch.country !== undefined && patch.country !== current.country) {
      changes.country = patch.country;
      changes.country_key = normaliseKey(patch.country);
    }
    if (patch.city !== undefined && patch.city !== current.city) {
      changes.city = patch.city;
      changes.city_key = normaliseKey(patch.city);
    }
    if (patch.radius_km !== undefined && patch.radius_km !== current.radius_km) changes.radius_km = patch.radius_km;
    Object.assign(changes, searchChangesOf(current, changes, patch));
    if (patch.is_active !== undefined && patch.is_active !== current.is_active) {
      // Double opt-in: only the owner of the address can start the digest, by following the mailed link.
      if (patch.is_active && !current.confirmed_at)
        throw new HttpError(409, 'This subscriber has not confirmed their e-mail address yet');
      changes.is_active = patch.is_active;
    }
    if (Object.keys(changes).length === 0) return current;
    const next = await subscribersCollection.update(tx, id, current.version, changes);
    await tx.appendOutbox([
      subscriberMessage(
        subscriberMessageTypes.updated,
        id,
        next.version,
        { subscriber_id: id, changed: Object.keys(changes) },
        now,
      ),
    ]);
    return next;
  });
  return toAdminView(updated, ctx.publicUrl);
}

/** The saved search after the edit, and the grouping and identity keys that follow the place and filters. */
function searchChangesOf(current: Subscriber, changes: Partial<Subscriber>, patch: AdminPatch): Partial<Subscriber> {
  try {
    const place = {
      country: changes.country ?? current.country,
      city: changes.city ?? current.city,
      radius_km: changes.radius_km ?? current.radius_km,
    };
    return searchFieldChanges(current, place, patchedSearch(current.search, patch));
  } catch (error) {
    if (error instanceof SearchContradiction) throw new HttpError(400, error.message);
    throw error;
  }
}

export async function deleteSubscriber(ctx: SubscriptionsContext, id: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.store.transaction(async (tx) => {
    const current = await subscribersCollection.get(tx, id);
    if (!current) throw notFound('Subscriber not found');
    await subscribersCollection.delete(tx, id, current.version);
    await tx.appendOutbox([
      subscriberMessage(subscriberMessageTypes.deleted, id, current.version + 1, { subscriber_id: id }, now),
    ]);
  });
}
