/** Spec 02 "Reviews list page": `/events/{slug}` when the event has a slug, else `/event/{id}`. */
export function eventPath(event: { id: number | string; slug?: string | null }): string {
  const slug = event.slug?.trim();
  return slug ? `/events/${encodeURIComponent(slug)}` : `/event/${encodeURIComponent(String(event.id))}`;
}
