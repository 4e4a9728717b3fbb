import type { StoreDetail } from '@sabai/shared/catalog/catalog.schemas';

/** Monday first, as people read a week; the hours are the store's own (city) time. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

export interface DayHours {
  day: number;
  /** "10:00–22:00", or null on a day the store is closed (it has no row for that day). */
  hours: string | null;
}

/** Every day of the week, closed days included, so a missing day never reads as "unknown". */
export function weekHours(rows: StoreDetail['openingHours']): DayHours[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return WEEK.map((day) => {
    const row = byDay.get(day);
    return { day, hours: row ? `${row.opens}–${row.closes}` : null };
  });
}
