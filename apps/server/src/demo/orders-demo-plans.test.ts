import { busySpanOf } from '@sabai/shared/booking/availability';
import { DEFAULT_CITY_BOOKING_SETTINGS } from '@sabai/shared/booking/booking-settings';
import { instantOfLocal } from '@sabai/shared/booking/zoned-time';
import { describe, expect, it } from 'vitest';
import { homePlans } from './orders-demo';

const MINUTE = 60_000;
const TIME_ZONE = 'Asia/Phnom_Penh';
// Longer than any demo service (90 minutes) and the demo's tuk-tuk ride (under 15 minutes), so the
// check holds with room to spare.
const DURATION_MINUTES = 120;
const TRAVEL_MINUTES = 30;
const visit = { kind: 'homeVisit', address: { lat: 11.56, lng: 104.92 }, travelMode: 'tukTuk' } as const;

describe('demo home visit plans', () => {
  // CI once seeded the demo at 00:14 in Phnom Penh: the visit that ended four hours earlier began
  // the evening before and met yesterday's expired order. Seed at every quarter hour of a day.
  it('never let two of the therapist busy intervals meet, whatever the hour the demo is seeded', () => {
    const midnight = instantOfLocal('2026-11-28', 0, TIME_ZONE);
    for (let quarter = 0; quarter < 96; quarter++) {
      for (const offset of [0, 14 * MINUTE]) {
        const now = midnight + quarter * 15 * MINUTE + offset;
        const plans = homePlans({ timeZone: TIME_ZONE, now, quarter: now - (now % (15 * MINUTE)) });
        const spans = plans
          .map((plan) => ({
            status: plan.status,
            ...busySpanOf(
              plan.start,
              DURATION_MINUTES,
              TRAVEL_MINUTES,
              visit,
              DEFAULT_CITY_BOOKING_SETTINGS.bufferMinutes,
            ),
          }))
          .sort((a, b) => a.start - b.start);
        for (let index = 1; index < spans.length; index++) {
          const [before, after] = [spans[index - 1], spans[index]];
          expect(
            after?.start,
            `${new Date(now).toISOString()}: ${before?.status} and ${after?.status}`,
          ).toBeGreaterThanOrEqual(before?.end ?? Number.POSITIVE_INFINITY);
        }
      }
    }
  });
});
