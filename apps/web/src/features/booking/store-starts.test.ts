import { DEFAULT_CITY_BOOKING_SETTINGS } from '@sabai/shared/booking/booking-settings';
import { describe, expect, it } from 'vitest';
import { bothFree, storeFreeStarts } from './store-starts';

const ZONE = 'Asia/Phnom_Penh';
// 01:00 UTC on Wednesday 25 November 2026 = 08:00 in Phnom Penh.
const NOW = Date.parse('2026-11-25T01:00:00Z');

describe('a store’s starts', () => {
  it('lie on the 15-minute grid inside opening hours, the service ending by closing, past the lead time', () => {
    const starts = storeFreeStarts({
      openingHours: [{ day: 3, opens: '10:00', closes: '22:00' }],
      timeZone: ZONE,
      date: '2026-11-25',
      durationMinutes: 90,
      now: NOW,
    });
    expect(starts[0]?.localTime).toBe('10:00');
    expect(starts.at(-1)?.localTime).toBe('20:30');
    expect(starts[0]?.startsAt).toBe('2026-11-25T03:00:00.000Z');
    expect(starts.every((slot) => Number(slot.localTime.slice(3)) % 15 === 0)).toBe(true);

    // Late in the morning the lead time (60 minutes) moves the first start.
    const later = storeFreeStarts({
      openingHours: [{ day: 3, opens: '10:00', closes: '22:00' }],
      timeZone: ZONE,
      date: '2026-11-25',
      durationMinutes: 60,
      now: Date.parse('2026-11-25T04:10:00Z'),
    });
    expect(later[0]?.localTime).toBe('12:15');
  });

  it('follows the city’s own lead time and grid, not the defaults, once they are known', () => {
    const hours = [{ day: 3, opens: '10:00', closes: '22:00' }];
    const input = { openingHours: hours, timeZone: ZONE, date: '2026-11-25', durationMinutes: 60 };
    // 11:10 in Phnom Penh: the default 60-minute lead on a 15-minute grid offers 12:15 first.
    const now = Date.parse('2026-11-25T04:10:00Z');
    expect(storeFreeStarts({ ...input, now })[0]?.localTime).toBe('12:15');
    const city = { ...DEFAULT_CITY_BOOKING_SETTINGS, leadTimeMinutes: 120, slotGridMinutes: 30 };
    const starts = storeFreeStarts({ ...input, now, settings: city });
    expect(starts[0]?.localTime).toBe('13:30');
    expect(starts.every((slot) => slot.localTime.endsWith(':00') || slot.localTime.endsWith(':30'))).toBe(
      true,
    );
  });

  it('reads day 0 as Sunday, and a closed day has none', () => {
    const sundayOnly = [{ day: 0, opens: '09:00', closes: '12:00' }];
    const on = (date: string) =>
      storeFreeStarts({ openingHours: sundayOnly, timeZone: ZONE, date, durationMinutes: 60, now: NOW });
    expect(on('2026-11-29').map((slot) => slot.localTime)).toEqual([
      '09:00',
      '09:15',
      '09:30',
      '09:45',
      '10:00',
      '10:15',
      '10:30',
      '10:45',
      '11:00',
    ]);
    expect(on('2026-11-30')).toEqual([]);
  });

  it('narrow to the chosen therapist’s free starts', () => {
    const store = storeFreeStarts({
      openingHours: [{ day: 3, opens: '10:00', closes: '12:00' }],
      timeZone: ZONE,
      date: '2026-11-25',
      durationMinutes: 60,
      now: NOW,
    });
    const therapist = store.filter((slot) => slot.localTime >= '10:30');
    expect(bothFree(store, therapist).map((slot) => slot.localTime)).toEqual(['10:30', '10:45', '11:00']);
  });
});
