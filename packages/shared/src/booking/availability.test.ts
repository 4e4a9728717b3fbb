import { describe, expect, it } from 'vitest';
import {
  type AvailabilitySettings,
  busySpanOf,
  earliestStart,
  freeStarts,
  isAvailableNow,
  type ProviderSchedule,
  type Visit,
} from './availability';
import { DEFAULT_CITY_BOOKING_SETTINGS as SETTINGS } from './booking-settings';
import type { WeeklyShift } from './working-hours';

const PHNOM_PENH = 'Asia/Phnom_Penh';
const home = { lat: 11.55, lng: 104.92 };
// About 5 km east of home: 5 km × 1.4 at 20 km/h is 21 minutes by tuk-tuk.
const address = { lat: 11.55, lng: 104.965_85 };
const homeVisit: Visit = { kind: 'homeVisit', address, travelMode: 'tukTuk' };
const everyDay = (start: string, end: string): WeeklyShift[] =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end }));

const schedule = (changes: Partial<ProviderSchedule> = {}): ProviderSchedule => ({
  timeZone: PHNOM_PENH,
  weeklyShifts: everyDay('09:00', '18:00'),
  daysOff: [],
  timeOff: [],
  bookings: [],
  home,
  ...changes,
});

const times = (starts: { localTime: string }[]) => starts.map((start) => start.localTime);
const gridTimes = (from: string, to: string) => {
  const [fromHour = 0, fromMinute = 0] = from.split(':').map(Number);
  const [toHour = 0, toMinute = 0] = to.split(':').map(Number);
  const labels: string[] = [];
  for (let minutes = fromHour * 60 + fromMinute; minutes <= toHour * 60 + toMinute; minutes += 15) {
    labels.push(
      `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
    );
  }
  return labels;
};

// Wednesday 2 December 2026, 07:00 in Phnom Penh.
const now = new Date('2026-12-02T00:00:00Z');
const query = { date: '2026-12-02', now, durationMinutes: 60, visit: homeVisit, settings: SETTINGS };

describe('freeStarts in Phnom Penh', () => {
  it('offers every quarter hour whose service fits in the shift, travel allowed before it', () => {
    const starts = freeStarts({ ...query, schedule: schedule() });
    expect(times(starts)).toEqual(gridTimes('09:00', '17:00'));
    expect(starts[0]).toEqual({
      startsAt: '2026-12-02T02:00:00.000Z',
      endsAt: '2026-12-02T03:00:00.000Z',
      busyFrom: '2026-12-02T01:39:00.000Z',
      busyUntil: '2026-12-02T03:15:00.000Z',
      travelMinutes: 21,
      localDate: '2026-12-02',
      localTime: '09:00',
      utcOffsetMinutes: 420,
    });
  });

  it('keeps the lead time from now', () => {
    const starts = freeStarts({ ...query, now: new Date('2026-12-02T01:20:00Z'), schedule: schedule() });
    expect(starts[0]?.localTime).toBe('09:30');
  });

  it('offers nothing beyond the horizon, on a day off or on a weekday without a shift', () => {
    // Seven days: Wednesday 2 December to Tuesday 8 December, the last one whole.
    expect(times(freeStarts({ ...query, date: '2026-12-08', schedule: schedule() }))).toEqual(
      gridTimes('09:00', '17:00'),
    );
    expect(freeStarts({ ...query, date: '2026-12-09', schedule: schedule() })).toEqual([]);
    expect(freeStarts({ ...query, schedule: schedule({ daysOff: ['2026-12-02'] }) })).toEqual([]);
    const mondaysOnly = schedule({ weeklyShifts: [{ weekday: 1, start: '09:00', end: '18:00' }] });
    expect(freeStarts({ ...query, schedule: mondaysOnly })).toEqual([]);
  });

  it('keeps the new order’s busy interval clear of a live order’s, with travel from that order’s place', () => {
    // A live order 12:00–13:00 at `address`, reached from home: busy 11:39–13:15.
    const booking = {
      busyStart: new Date('2026-12-02T04:39:00Z'),
      busyEnd: new Date('2026-12-02T06:15:00Z'),
      serviceEnd: new Date('2026-12-02T06:00:00Z'),
      place: address,
    };
    const starts = freeStarts({ ...query, schedule: schedule({ bookings: [booking] }) });
    // Before it: the new order's end + 15 min buffer must reach 11:39 at the latest → 10:15 is last.
    // After it: the provider is already at `address`, no travel, so 13:15 is the first.
    expect(times(starts)).toEqual([...gridTimes('09:00', '10:15'), ...gridTimes('13:15', '17:00')]);
    expect(starts.find((start) => start.localTime === '13:15')?.travelMinutes).toBe(0);
  });

  it('adds travel from the previous order’s place, not from home', () => {
    const elsewhere = { lat: 11.55, lng: 105.0116 }; // about 10 km east of home, 5 km past the address
    const booking = {
      busyStart: new Date('2026-12-02T02:00:00Z'),
      busyEnd: new Date('2026-12-02T03:15:00Z'),
      serviceEnd: new Date('2026-12-02T03:00:00Z'),
      place: elsewhere,
    };
    const starts = freeStarts({ ...query, schedule: schedule({ bookings: [booking] }) });
    // From `elsewhere` to `address` is 21 min, so 10:30 would start travelling at 10:09 (< 10:15): refused.
    expect(starts.map((start) => start.localTime)).not.toContain('10:30');
    expect(starts.find((start) => start.localTime === '10:45')).toMatchObject({ travelMinutes: 21 });
  });

  it('keeps clear of one-off time off', () => {
    const timeOff = [{ start: new Date('2026-12-02T08:00:00Z'), end: new Date('2026-12-02T09:00:00Z') }];
    const starts = freeStarts({ ...query, visit: { kind: 'inStore' }, schedule: schedule({ timeOff }) });
    expect(times(starts)).toEqual([...gridTimes('09:00', '14:00'), ...gridTimes('16:00', '17:00')]);
  });

  it('holds only the service for an in-store order', () => {
    expect(busySpanOf(0, 60, 30, { kind: 'inStore' }, 15)).toEqual({ start: 0, end: 3_600_000 });
    expect(busySpanOf(0, 60, 30, homeVisit, 15)).toEqual({ start: -1_800_000, end: 4_500_000 });
  });

  it('includes a night shift that started the evening before and runs past midnight', () => {
    const nights = schedule({ weeklyShifts: [{ weekday: 2, start: '22:00', end: '02:00' }] });
    const starts = freeStarts({
      ...query,
      now: new Date('2026-12-01T10:00:00Z'),
      visit: { kind: 'inStore' },
      schedule: nights,
    });
    expect(times(starts)).toEqual(gridTimes('00:00', '01:00'));
    const tuesday = freeStarts({
      ...query,
      date: '2026-12-01',
      now: new Date('2026-12-01T10:00:00Z'),
      visit: { kind: 'inStore' },
      schedule: nights,
    });
    // A start at 23:45 ends at 00:45 on Wednesday, still inside the shift.
    expect(times(tuesday)).toEqual(gridTimes('22:00', '23:45'));
  });

  it('refuses a duration that is not a whole positive number of minutes', () => {
    expect(() => freeStarts({ ...query, durationMinutes: 0, schedule: schedule() })).toThrow(RangeError);
  });
});

describe('freeStarts across daylight-saving changes', () => {
  const inStore: Visit = { kind: 'inStore' };
  const inZone = (timeZone: string, weeklyShifts = everyDay('09:00', '17:00')) =>
    schedule({ timeZone, weeklyShifts });

  for (const [timeZone, dates, nowIso] of [
    ['Europe/Berlin', ['2026-03-28', '2026-03-29', '2026-03-30'], '2026-03-25T00:00:00Z'],
    ['Europe/Berlin', ['2026-10-24', '2026-10-25', '2026-10-26'], '2026-10-21T00:00:00Z'],
    ['America/New_York', ['2026-03-07', '2026-03-08', '2026-03-09'], '2026-03-04T00:00:00Z'],
    ['America/New_York', ['2026-10-31', '2026-11-01', '2026-11-02'], '2026-10-28T00:00:00Z'],
  ] as const) {
    it(`keeps ${timeZone}'s 09:00–17:00 slots at the same local times around ${dates[1]}`, () => {
      const byDay = dates.map((date) =>
        freeStarts({ ...query, date, now: new Date(nowIso), visit: inStore, schedule: inZone(timeZone) }),
      );
      for (const starts of byDay) expect(times(starts)).toEqual(gridTimes('09:00', '16:00'));
      // The same local 09:00 is 24 hours ± the hour the clocks moved apart in real time.
      const nineOClock = byDay.map((starts) => Date.parse(starts[0]?.startsAt ?? ''));
      const [first = 0, second = 0, third = 0] = nineOClock;
      const gaps = [second - first, third - second].map((ms) => ms / 3_600_000);
      expect(gaps.filter((hours) => hours === 24)).toHaveLength(1);
      expect(gaps.filter((hours) => hours === 23 || hours === 25)).toHaveLength(1);
    });
  }

  it('skips the missing hour of a spring-forward night shift', () => {
    const nights = inZone('Europe/Berlin', [{ weekday: 6, start: '22:00', end: '06:00' }]);
    const starts = freeStarts({
      ...query,
      date: '2026-03-29',
      now: new Date('2026-03-25T00:00:00Z'),
      visit: inStore,
      schedule: nights,
    });
    // The shift ends 06:00 CEST (04:00 UTC): 00:00–01:45 CET, then 03:00–05:00 CEST, nothing at 02:xx.
    expect(times(starts)).toEqual([...gridTimes('00:00', '01:45'), ...gridTimes('03:00', '05:00')]);
    expect(
      starts.every(
        (start, index) =>
          index === 0 ||
          Date.parse(start.startsAt) - Date.parse(starts[index - 1]?.startsAt ?? '') === 900_000,
      ),
    ).toBe(true);
  });

  it('offers the repeated hour of a fall-back night twice, told apart by the offset', () => {
    const nights = inZone('Europe/Berlin', [{ weekday: 6, start: '22:00', end: '06:00' }]);
    const starts = freeStarts({
      ...query,
      date: '2026-10-25',
      now: new Date('2026-10-21T00:00:00Z'),
      visit: inStore,
      schedule: nights,
    });
    expect(starts).toHaveLength(25);
    const twoThirty = starts.filter((start) => start.localTime === '02:30');
    expect(twoThirty.map((start) => [start.startsAt, start.utcOffsetMinutes])).toEqual([
      ['2026-10-25T00:30:00.000Z', 120],
      ['2026-10-25T01:30:00.000Z', 60],
    ]);
    expect(
      starts.every(
        (start, index) =>
          index === 0 ||
          Date.parse(start.startsAt) - Date.parse(starts[index - 1]?.startsAt ?? '') === 900_000,
      ),
    ).toBe(true);
  });
});

describe('earliestStart and isAvailableNow', () => {
  it('find the first free start, on a later day when today is full', () => {
    expect(
      earliestStart({ now, durationMinutes: 60, visit: homeVisit, settings: SETTINGS, schedule: schedule() })
        ?.startsAt,
    ).toBe('2026-12-02T02:00:00.000Z');
    const late = new Date('2026-12-02T10:30:00Z'); // 17:30 local: today's shift is over
    expect(
      earliestStart({
        now: late,
        durationMinutes: 60,
        visit: homeVisit,
        settings: SETTINGS,
        schedule: schedule(),
      }),
    ).toMatchObject({
      localDate: '2026-12-03',
      localTime: '09:00',
    });
  });

  it('find nothing for a provider without shifts', () => {
    const settings: AvailabilitySettings = { ...SETTINGS, bookingHorizonDays: 2 };
    expect(
      earliestStart({
        now,
        durationMinutes: 60,
        visit: homeVisit,
        settings,
        schedule: schedule({ weeklyShifts: [] }),
      }),
    ).toBeNull();
  });

  it('say available now only inside a shift and outside every busy interval', () => {
    const booking = {
      busyStart: new Date('2026-12-02T04:00:00Z'),
      busyEnd: new Date('2026-12-02T05:00:00Z'),
      serviceEnd: new Date('2026-12-02T04:45:00Z'),
      place: address,
    };
    const provider = schedule({ bookings: [booking] });
    expect(isAvailableNow(provider, new Date('2026-12-02T03:00:00Z'))).toBe(true); // 10:00 local
    expect(isAvailableNow(provider, new Date('2026-12-02T04:30:00Z'))).toBe(false); // serving
    expect(isAvailableNow(provider, new Date('2026-12-02T05:00:00Z'))).toBe(true); // busy interval ended
    expect(isAvailableNow(provider, new Date('2026-12-02T01:00:00Z'))).toBe(false); // 08:00, before the shift
    expect(isAvailableNow(schedule({ daysOff: ['2026-12-02'] }), new Date('2026-12-02T03:00:00Z'))).toBe(
      false,
    );
  });
});
