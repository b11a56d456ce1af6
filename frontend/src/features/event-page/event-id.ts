/**
 * The id in an event URL: `/event/{id}` or `/events/{id}-{slug}`, where the leading digits before the first
 * dash are the id (spec 02 route table). Undefined means the URL carries no id ('Invalid event URL').
 */
export function eventIdFromParam(param: string | undefined): string | undefined {
  const match = /^(\d+)(?:-|$)/.exec(param?.trim() ?? '');
  return match?.[1];
}
