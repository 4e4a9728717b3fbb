import { addDays, instantOfLocal, isoWeekday, parseTimeOfDay } from './zoned-time';

/**
 * A provider's week: shifts by ISO weekday (Monday 1 … Sunday 7) in the city's local time. A shift
 * whose end is not after its start runs past midnight (22:00–02:00 ends on the next day); '24:00'
 * ends at midnight. A day off removes the shifts that start on that local date.
 */
export interface WeeklyShift {
  readonly weekday: number;
  readonly start: string;
  readonly end: string;
}

/** A half-open span of time [start, end) in epoch milliseconds. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

export const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
export const contains = (outer: Span, inner: Span) => outer.start <= inner.start && inner.end <= outer.end;

/** Shifts as instants, for the shifts starting on local dates `from` … `to`, merged where they touch. */
export function workingSpans(
  shifts: readonly WeeklyShift[],
  daysOff: readonly string[],
  from: string,
  to: string,
  timeZone: string,
): Span[] {
  const spans: Span[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (daysOff.includes(date)) continue;
    const weekday = isoWeekday(date);
    for (const shift of shifts.filter((candidate) => candidate.weekday === weekday)) {
      const start = parseTimeOfDay(shift.start);
      const end = parseTimeOfDay(shift.end);
      const endMinutes = end > start ? end : end + 24 * 60;
      // Local times, converted one by one: a shift 09:00–17:00 stays 09:00–17:00 on the day the
      // clocks change (and is an hour shorter or longer in real time if it spans the change).
      spans.push({
        start: instantOfLocal(date, start, timeZone),
        end: instantOfLocal(date, endMinutes, timeZone),
      });
    }
  }
  return mergeSpans(spans);
}

export function mergeSpans(spans: readonly Span[]): Span[] {
  const merged: Span[] = [];
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end)
      merged[merged.length - 1] = { start: last.start, end: Math.max(last.end, span.end) };
    else if (span.end > span.start) merged.push(span);
  }
  return merged;
}
