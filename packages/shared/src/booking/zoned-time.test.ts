import { describe, expect, it } from 'vitest';
import {
  addDays,
  instantOfLocal,
  instantsOfLocal,
  isoInstant,
  isoWeekday,
  isValidTimeZone,
  localDateOf,
  localDateTimeOf,
  localGridOf,
  parseTimeOfDay,
  utcOffsetMinutes,
} from './zoned-time';

const iso = (instants: number[]) => instants.map((instant) => new Date(instant).toISOString());

describe('zoned time', () => {
  it('reads Phnom Penh at a steady UTC+7', () => {
    expect(utcOffsetMinutes(Date.parse('2026-01-15T00:00:00Z'), 'Asia/Phnom_Penh')).toBe(420);
    expect(utcOffsetMinutes(Date.parse('2026-07-15T00:00:00Z'), 'Asia/Phnom_Penh')).toBe(420);
    expect(iso(instantsOfLocal('2026-12-02', 9 * 60, 'Asia/Phnom_Penh'))).toEqual([
      '2026-12-02T02:00:00.000Z',
    ]);
  });

  it('finds no instant for a time skipped when Berlin’s clocks go forward, and reads it as the time after the jump', () => {
    expect(instantsOfLocal('2026-03-29', 2 * 60 + 30, 'Europe/Berlin')).toEqual([]);
    expect(new Date(instantOfLocal('2026-03-29', 2 * 60 + 30, 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(iso(instantsOfLocal('2026-03-29', 3 * 60, 'Europe/Berlin'))).toEqual(['2026-03-29T01:00:00.000Z']);
    expect(iso(instantsOfLocal('2026-03-29', 60 + 45, 'Europe/Berlin'))).toEqual([
      '2026-03-29T00:45:00.000Z',
    ]);
  });

  it('finds both instants of a time repeated when the clocks go back, earlier first', () => {
    expect(iso(instantsOfLocal('2026-10-25', 2 * 60 + 30, 'Europe/Berlin'))).toEqual([
      '2026-10-25T00:30:00.000Z',
      '2026-10-25T01:30:00.000Z',
    ]);
    expect(iso([instantOfLocal('2026-10-25', 2 * 60 + 30, 'Europe/Berlin')])).toEqual([
      '2026-10-25T00:30:00.000Z',
    ]);
    expect(iso(instantsOfLocal('2026-11-01', 60 + 30, 'America/New_York'))).toEqual([
      '2026-11-01T05:30:00.000Z',
      '2026-11-01T06:30:00.000Z',
    ]);
  });

  it('lets minutes run past midnight into the next day', () => {
    expect(instantOfLocal('2026-12-02', 24 * 60 + 60, 'Asia/Phnom_Penh')).toBe(
      instantOfLocal('2026-12-03', 60, 'Asia/Phnom_Penh'),
    );
  });

  it('shows an instant as local date, time and offset', () => {
    expect(localDateTimeOf(Date.parse('2026-10-25T00:30:00Z'), 'Europe/Berlin')).toEqual({
      date: '2026-10-25',
      time: '02:30',
      utcOffsetMinutes: 120,
    });
    expect(localDateTimeOf(Date.parse('2026-10-25T01:30:00Z'), 'Europe/Berlin')).toEqual({
      date: '2026-10-25',
      time: '02:30',
      utcOffsetMinutes: 60,
    });
    expect(localDateTimeOf(Date.parse('2026-12-02T17:30:00Z'), 'Asia/Phnom_Penh')).toEqual({
      date: '2026-12-03',
      time: '00:30',
      utcOffsetMinutes: 420,
    });
  });

  it('shows an instant’s local date alone, as the full conversion does', () => {
    for (const [at, zone] of [
      ['2026-12-02T17:30:00Z', 'Asia/Phnom_Penh'],
      ['2026-12-02T16:59:59Z', 'Asia/Phnom_Penh'],
      ['2026-10-25T00:30:00Z', 'Europe/Berlin'],
      ['2026-03-08T07:59:00Z', 'America/Los_Angeles'],
    ] as const) {
      expect(localDateOf(Date.parse(at), zone)).toBe(localDateTimeOf(Date.parse(at), zone).date);
    }
  });

  it('writes instants exactly as toISOString does, across days, years and Date’s range', () => {
    const instants = [
      0,
      -1,
      86_399_999,
      86_400_000,
      Date.parse('2026-12-31T23:59:59.999Z'),
      Date.parse('2027-01-01T00:00:00.000Z'),
      Date.parse('2026-11-25T02:15:00.007Z'),
      Date.parse('2026-11-25T02:15:00.070Z'),
      -62_198_755_200_000, // year 0
      253_402_300_800_000, // year 10000
      8.64e15,
      -8.64e15,
      1.5,
      -0.5,
    ];
    for (let i = 0; i < 2_000; i++) instants.push(Math.round((i * 7_919 - 5_000) * 123_456_789.1));
    for (const instant of instants) expect(isoInstant(instant)).toBe(new Date(instant).toISOString());
    for (const invalid of [Number.NaN, 8.64e15 + 1, Number.POSITIVE_INFINITY])
      expect(() => isoInstant(invalid)).toThrow(RangeError);
  });

  it('does calendar arithmetic on local dates', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('0999-12-31', 1)).toBe('1000-01-01');
    expect(isoWeekday('2026-11-24')).toBe(2);
    expect(isoWeekday('2026-11-01')).toBe(7);
  });

  it('refuses malformed dates, times and zones', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => isoWeekday('26-1-1')).toThrow(RangeError);
    expect(() => parseTimeOfDay('24:01')).toThrow(RangeError);
    expect(() => parseTimeOfDay('9:00')).toThrow(RangeError);
    expect(parseTimeOfDay('24:00')).toBe(1440);
    expect(isValidTimeZone('Asia/Phnom_Penh')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it('lays a local grid that agrees with the time-by-time conversion, on steady days and change days', () => {
    for (const [date, timeZone, count] of [
      ['2026-12-02', 'Asia/Phnom_Penh', 96],
      ['2026-03-28', 'Europe/Berlin', 96],
      ['2026-03-29', 'Europe/Berlin', 92],
      ['2026-10-25', 'Europe/Berlin', 100],
      ['2026-03-08', 'America/New_York', 92],
    ] as const) {
      const grid = localGridOf(date, 15, timeZone);
      expect(grid).toHaveLength(count);
      for (const point of grid) {
        expect(localDateTimeOf(point.instant, timeZone)).toEqual({
          date,
          time: point.time,
          utcOffsetMinutes: point.utcOffsetMinutes,
        });
      }
      expect(
        grid.every((point, index) => index === 0 || point.instant > (grid[index - 1]?.instant ?? 0)),
      ).toBe(true);
    }
  });
});
