import { describe, expect, it } from 'vitest';
import {
  gcj02ToWgs84,
  haversineKm,
  isInMainlandChina,
  isValidLatLng,
  kmToMiles,
  milesToKm,
  wgs84ToGcj02,
} from './geo';

/** Published reference points of googollee/eviltransform's test suite: WGS-84 → GCJ-02. */
const REFERENCE: [string, number, number, number, number][] = [
  ['Shanghai', 31.1774276, 121.5272106, 31.17530398364597, 121.531541859215],
  ['Shenzhen', 22.543847, 113.912316, 22.540796131694766, 113.9171764808363],
  ['Beijing', 39.911954, 116.377817, 39.91334545536069, 116.38404722455657],
];

describe('WGS-84 ↔ GCJ-02', () => {
  it.each(REFERENCE)('converts %s to the published GCJ-02 point', (_, lat, lng, gcjLat, gcjLng) => {
    const gcj = wgs84ToGcj02({ lat, lng });
    expect(haversineKm(gcj, { lat: gcjLat, lng: gcjLng }) * 1000).toBeLessThan(0.5);
  });

  it.each(REFERENCE)('round-trips %s back to WGS-84 within a metre', (_, lat, lng, gcjLat, gcjLng) => {
    const wgs = gcj02ToWgs84({ lat: gcjLat, lng: gcjLng });
    expect(haversineKm(wgs, { lat, lng }) * 1000).toBeLessThan(1);
  });

  it('round-trips points across mainland China within a metre', () => {
    for (let lat = 19; lat <= 50; lat += 3.1) {
      for (let lng = 80; lng <= 130; lng += 4.3) {
        const point = { lat, lng };
        if (!isInMainlandChina(point)) continue;
        const back = gcj02ToWgs84(wgs84ToGcj02(point));
        expect(haversineKm(back, point) * 1000).toBeLessThan(1);
      }
    }
  });

  it('is the identity outside mainland China (Phnom Penh, Bangkok, Hong Kong, Taipei)', () => {
    for (const point of [
      { lat: 11.5564, lng: 104.9282 },
      { lat: 13.7563, lng: 100.5018 },
      { lat: 22.2783, lng: 114.1747 },
      { lat: 25.033, lng: 121.5654 },
      { lat: 21.0278, lng: 105.8342 },
    ]) {
      expect(isInMainlandChina(point)).toBe(false);
      expect(wgs84ToGcj02(point)).toEqual(point);
      expect(gcj02ToWgs84(point)).toEqual(point);
    }
  });

  it('moves a mainland point by a few hundred metres', () => {
    const beijing = { lat: 39.9042, lng: 116.4074 };
    const offset = haversineKm(beijing, wgs84ToGcj02(beijing)) * 1000;
    expect(offset).toBeGreaterThan(100);
    expect(offset).toBeLessThan(1000);
  });
});

describe('distances', () => {
  it('measures Phnom Penh to Siem Reap (≈ 231 km great circle)', () => {
    const km = haversineKm({ lat: 11.5564, lng: 104.9282 }, { lat: 13.3633, lng: 103.8564 });
    expect(km).toBeGreaterThan(228);
    expect(km).toBeLessThan(234);
  });

  it('measures a published pair: London to Paris ≈ 343.5 km', () => {
    const km = haversineKm({ lat: 51.5074, lng: -0.1278 }, { lat: 48.8566, lng: 2.3522 });
    expect(km).toBeCloseTo(343.5, 0);
  });

  it('is zero for the same point and symmetric', () => {
    const a = { lat: 11.5, lng: 104.9 };
    const b = { lat: 11.6, lng: 104.8 };
    expect(haversineKm(a, a)).toBe(0);
    expect(haversineKm(a, b)).toBeCloseTo(haversineKm(b, a), 12);
  });

  it('converts kilometres and miles', () => {
    expect(kmToMiles(1.609344)).toBeCloseTo(1, 12);
    expect(milesToKm(10)).toBeCloseTo(16.09344, 10);
    expect(kmToMiles(milesToKm(3.7))).toBeCloseTo(3.7, 12);
  });

  it('validates coordinates', () => {
    expect(isValidLatLng({ lat: 90, lng: -180 })).toBe(true);
    expect(isValidLatLng({ lat: 90.0001, lng: 0 })).toBe(false);
    expect(isValidLatLng({ lat: 0, lng: Number.NaN })).toBe(false);
  });
});
