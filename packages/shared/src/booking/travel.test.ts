import { describe, expect, it } from 'vitest';
import { DEFAULT_CITY_BOOKING_SETTINGS as SETTINGS } from './booking-settings';
import { etaMinutes, straightLineMetres, travelMinutes } from './travel';

describe('travel estimates', () => {
  it('measure straight-line distance in whole metres', () => {
    // Phnom Penh: Independence Monument to the Royal Palace, about 1.1 km.
    const metres = straightLineMetres({ lat: 11.5564, lng: 104.9282 }, { lat: 11.5636, lng: 104.9312 });
    expect(Number.isInteger(metres)).toBe(true);
    expect(metres).toBeGreaterThan(800);
    expect(metres).toBeLessThan(900);
  });

  it('estimate minutes as distance × road factor at the mode’s speed, rounded up', () => {
    // 10 km × 1.4 = 14 km of road: 42 min by tuk-tuk at 20 km/h, 33.6 → 34 min at 25, 168 min walking.
    expect(travelMinutes(10_000, 'tukTuk', SETTINGS)).toBe(42);
    expect(travelMinutes(10_000, 'fastest', SETTINGS)).toBe(34);
    expect(travelMinutes(10_000, 'walking', SETTINGS)).toBe(168);
    expect(travelMinutes(0, 'walking', SETTINGS)).toBe(0);
    expect(travelMinutes(1, 'fastest', SETTINGS)).toBe(1);
  });

  it('do not push an exact number of minutes up by a float’s last bit', () => {
    // 1.4 is not exact in binary; 2500 m × 1.4 = 3.5 km at 20 km/h is exactly 10.5 → 11, and
    // 5000 m × 1.4 = 7 km at 20 km/h is exactly 21 minutes.
    expect(travelMinutes(2500, 'tukTuk', SETTINGS)).toBe(11);
    expect(travelMinutes(5000, 'tukTuk', SETTINGS)).toBe(21);
    expect(travelMinutes(3000, 'fastest', { roadFactor: 1.1, travelSpeedKmh: SETTINGS.travelSpeedKmh })).toBe(
      8,
    );
  });

  it('refuse fractional or negative metres', () => {
    expect(() => travelMinutes(1.5, 'walking', SETTINGS)).toThrow(RangeError);
    expect(() => travelMinutes(-1, 'walking', SETTINGS)).toThrow(RangeError);
  });

  it('estimate a travelling provider’s ETA from where they are now, at the order’s mode', () => {
    // 0.09° of latitude ≈ 10,008 m: × 1.4 at 20 km/h ≈ 42.03 → 43 min; standing at the door: 0.
    const door = { lat: 11.5664, lng: 104.9282 };
    expect(etaMinutes({ lat: door.lat - 0.09, lng: door.lng }, door, 'tukTuk', SETTINGS)).toBe(43);
    expect(etaMinutes(door, door, 'walking', SETTINGS)).toBe(0);
  });
});
