import { describe, expect, it } from 'vitest';
import { isOpenAt, localTime } from './opening-hours';

const TZ = 'Asia/Phnom_Penh'; // UTC+7, no daylight saving

describe('store opening hours on the city clock', () => {
  it('reads the local weekday and time', () => {
    // 2026-11-20 is a Friday; 18:30 UTC is 01:30 on Saturday in Phnom Penh.
    expect(localTime(new Date('2026-11-20T18:30:00Z'), TZ)).toEqual({ day: 6, minutes: 90 });
  });

  it('is open inside a same-day period and closed outside it', () => {
    const hours = [{ day: 5, opens: '10:00', closes: '22:00' }];
    expect(isOpenAt(hours, new Date('2026-11-20T03:00:00Z'), TZ)).toBe(true); // Fri 10:00
    expect(isOpenAt(hours, new Date('2026-11-20T02:59:00Z'), TZ)).toBe(false); // Fri 09:59
    expect(isOpenAt(hours, new Date('2026-11-20T15:00:00Z'), TZ)).toBe(false); // Fri 22:00
  });

  it('carries a period past midnight into the next morning', () => {
    const hours = [{ day: 5, opens: '11:00', closes: '02:00' }];
    expect(isOpenAt(hours, new Date('2026-11-20T18:30:00Z'), TZ)).toBe(true); // Sat 01:30
    expect(isOpenAt(hours, new Date('2026-11-20T19:30:00Z'), TZ)).toBe(false); // Sat 02:30
    expect(isOpenAt(hours, new Date('2026-11-20T16:00:00Z'), TZ)).toBe(true); // Fri 23:00
  });
});
