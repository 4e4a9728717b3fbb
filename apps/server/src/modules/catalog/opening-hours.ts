import { isoWeekday, localDateTimeOf, parseTimeOfDay } from '@sabai/shared/booking/zoned-time';
import type { OpeningHours } from './catalog.repository';

/** Day of week (0 = Sunday) and minutes since midnight of an instant, on the city's clock. */
export function localTime(at: Date, timeZone: string): { day: number; minutes: number } {
  const { date, time } = localDateTimeOf(at.getTime(), timeZone);
  return { day: isoWeekday(date) % 7, minutes: parseTimeOfDay(time) };
}

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

/**
 * Whether a store is open at an instant. A period closing at or before its opening time runs past
 * midnight into the next day (10:00–02:00 covers Saturday 01:00 under Friday's row).
 */
export function isOpenAt(hours: OpeningHours[], at: Date, timeZone: string): boolean {
  const { day, minutes } = localTime(at, timeZone);
  const yesterday = (day + 6) % 7;
  return hours.some((period) => {
    const opens = toMinutes(period.opens);
    const closes = toMinutes(period.closes);
    const overnight = closes <= opens;
    if (period.day === day) return overnight ? minutes >= opens : minutes >= opens && minutes < closes;
    return overnight && period.day === yesterday && minutes < closes;
  });
}
