/**
 * Date presets resolved in the visitor's zone (spec 01 §3 filter state). Each is a half-open range
 * [from, to) in UTC. Weeks run Monday to Sunday; "this week" and "this month" start at today's midnight, because
 * the days already gone hold only past events.
 */
import type { DatePreset } from '../contracts/date-presets.ts';
import { addDays, dateIn, midnightIn } from './time-zones.ts';

export { DATE_PRESETS, type DatePreset } from '../contracts/date-presets.ts';

export interface InstantRange {
  from: Date;
  to: Date;
}

export function resolveDatePreset(preset: DatePreset, now: Date, zone: string): InstantRange {
  const today = dateIn(now, zone);
  const startOfToday = midnightIn(today, zone);
  switch (preset) {
    case 'today':
      return { from: startOfToday, to: midnightIn(addDays(today, 1), zone) };
    case 'tomorrow':
      return { from: midnightIn(addDays(today, 1), zone), to: midnightIn(addDays(today, 2), zone) };
    case 'this_week': {
      const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
      const daysToNextMonday = weekday === 0 ? 1 : 8 - weekday;
      return { from: startOfToday, to: midnightIn(addDays(today, daysToNextMonday), zone) };
    }
    case 'this_month': {
      const firstOfNext =
        today.month === 12
          ? { year: today.year + 1, month: 1, day: 1 }
          : { year: today.year, month: today.month + 1, day: 1 };
      return { from: startOfToday, to: midnightIn(firstOfNext, zone) };
    }
  }
}
