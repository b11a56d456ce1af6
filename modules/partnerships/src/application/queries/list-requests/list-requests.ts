/** The admin list, newest first, one page at a time, and one request by id. */
import type { Where } from '@evently/platform';
import type { AdminListQuery } from '../../../contracts/admin.ts';
import type { AdminRequestView, RequestPage } from '../../../contracts/request-answers.ts';
import { toAdminView } from '../../../domain/request-views.ts';
import { partnershipRequests } from '../../../infra/collections.ts';
import type { PartnershipsContext } from '../../context.ts';

export async function listRequests(ctx: PartnershipsContext, query: AdminListQuery): Promise<RequestPage> {
  const where: Where = query.status === 'all' ? {} : { status: query.status };
  const [rows, total, newCount] = await Promise.all([
    partnershipRequests.find(ctx.store, {
      where,
      sort: [{ field: 'created_at', direction: 'desc' }],
      skip: (query.page - 1) * query.per_page,
      limit: query.per_page,
    }),
    partnershipRequests.count(ctx.store, where),
    partnershipRequests.count(ctx.store, { status: 'new' }),
  ]);
  return {
    requests: rows.map(toAdminView),
    pagination: { page: query.page, pages: Math.max(1, Math.ceil(total / query.per_page)), total },
    new_count: newCount,
  };
}

export async function getRequest(ctx: PartnershipsContext, id: string): Promise<AdminRequestView | null> {
  const found = await partnershipRequests.get(ctx.store, id);
  return found ? toAdminView(found) : null;
}
