/** Where a visitor's ticket token may travel: the `X-Ticket-Token` header, or the tracking link's `?token=` / a body field. */
import type { Context } from 'koa';

export const TICKET_TOKEN_HEADER = 'x-ticket-token';

const clean = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

export function presentedToken(ctx: Context, bodyToken?: string | null): string | null {
  return clean(ctx.get(TICKET_TOKEN_HEADER)) ?? clean(bodyToken) ?? clean(ctx.query.token);
}
