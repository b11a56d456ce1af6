/** A ticket's created or updated time in the viewer's locale and time zone, e.g. "Mar 5, 2025, 3:04 PM". */
export function formatTicketTime(value: string | null | undefined, locale?: string): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(locale ?? 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
