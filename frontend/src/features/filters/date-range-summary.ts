import { fixYear } from './query-params.ts';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'Dec 1' for '2026-12-01' (the year only when it is not this one's); the text itself when it is no day. */
function shortDay(value: string, thisYear: number): string {
  const match = DAY.exec(fixYear(value.trim()));
  if (!match) return value;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const options: Intl.DateTimeFormatOptions = {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
    ...(year !== thisYear ? { year: 'numeric' } : {}),
  };
  return date.toLocaleDateString('en-US', options);
}

/** The custom dates control's short text: 'Dec 1 – Dec 24', 'From Dec 1', 'Until Dec 24', or 'Pick dates'. */
export function dateRangeSummary(start: string, end: string, thisYear: number = new Date().getFullYear()): string {
  const from = start.trim() ? shortDay(start, thisYear) : '';
  const to = end.trim() ? shortDay(end, thisYear) : '';
  if (from && to) return `${from} – ${to}`;
  if (from) return `From ${from}`;
  if (to) return `Until ${to}`;
  return 'Pick dates';
}
