/**
 * `days` working days (Monday to Friday) after `from`, at the same time of day. Public holidays
 * are not known here; the promise ("within 2–5 working days") is the latest day, so a holiday
 * makes it at worst a day early, which the job's daily check absorbs.
 */
export function addWorkingDays(from: Date, days: number): Date {
  const result = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    result.setUTCDate(result.getUTCDate() + 1);
    const weekday = result.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return result;
}
