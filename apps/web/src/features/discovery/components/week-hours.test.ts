import { describe, expect, it } from 'vitest';
import { weekHours } from './week-hours';

describe('weekHours', () => {
  it('lists all seven days Monday first and marks the days without hours as closed', () => {
    const rows = [1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '12:00', closes: '22:00' }));
    const week = weekHours(rows);
    expect(week.map((entry) => entry.day)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(week[0]).toEqual({ day: 1, hours: '12:00–22:00' });
    expect(week[6]).toEqual({ day: 0, hours: null });
  });

  it('shows a store with no hours at all as closed every day', () => {
    expect(weekHours([]).every((entry) => entry.hours === null)).toBe(true);
  });
});
