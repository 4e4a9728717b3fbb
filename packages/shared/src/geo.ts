/**
 * Coordinates and distances shared by the server and the web.
 *
 * Browsers give WGS-84; map tiles of mainland China are drawn in GCJ-02 (an obfuscated datum
 * required there), so a marker placed with raw WGS-84 lands 100–700 m off on those maps. Outside
 * mainland China both systems are the same and the conversion is the identity.
 */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Krasovsky 1940 ellipsoid, which the GCJ-02 formula is defined on. */
const KRASOVSKY_A = 6378245.0;
const KRASOVSKY_EE = 0.006693421622965943;

/** Mean Earth radius (IUGG), used for great-circle distances. */
export const EARTH_RADIUS_KM = 6371.0088;
export const KM_PER_MILE = 1.609344;

/** [north, west, south, east] boxes: mainland China, minus neighbours that overlap those boxes. */
const MAINLAND_BOXES: [number, number, number, number][] = [
  [49.2204, 79.4462, 42.8899, 96.33],
  [54.1415, 109.6872, 39.3742, 135.0002],
  [42.8899, 73.1246, 29.5297, 124.143255],
  [29.5297, 82.9684, 26.7186, 97.0352],
  [29.5297, 97.0253, 20.414096, 124.367395],
  [20.414096, 107.975793, 17.871542, 111.744104],
];
const EXCLUDED_BOXES: [number, number, number, number][] = [
  [25.398623, 119.921265, 21.785006, 122.497559], // Taiwan
  [22.284, 101.8652, 20.0988, 106.665], // northern Laos and Vietnam
  [21.5422, 106.4525, 20.4878, 108.051], // Vietnam coast
  [55.8175, 109.0323, 50.3257, 119.127], // Mongolia / Russia
  [55.8175, 127.4568, 49.5574, 137.0227], // Russia
  [44.8922, 131.2662, 42.5692, 137.0227], // Russia / Korea coast
  [22.5, 113.82, 22.13, 114.45], // Hong Kong (uses WGS-84)
  [22.22, 113.52, 22.1, 113.6], // Macau (uses WGS-84)
];

const inBox = ({ lat, lng }: LatLng, [north, west, south, east]: [number, number, number, number]) =>
  lat <= north && lat >= south && lng >= west && lng <= east;

/** Whether GCJ-02 applies at this point (a box approximation of mainland China's outline). */
export function isInMainlandChina(point: LatLng): boolean {
  return MAINLAND_BOXES.some((box) => inBox(point, box)) && !EXCLUDED_BOXES.some((box) => inBox(point, box));
}

function transformLat(x: number, y: number): number {
  let ret = -100.0 + 2.0 * x + 3.0 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  ret += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  ret += ((20.0 * Math.sin(y * Math.PI) + 40.0 * Math.sin((y / 3.0) * Math.PI)) * 2.0) / 3.0;
  ret += ((160.0 * Math.sin((y / 12.0) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30.0)) * 2.0) / 3.0;
  return ret;
}

function transformLng(x: number, y: number): number {
  let ret = 300.0 + x + 2.0 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  ret += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  ret += ((20.0 * Math.sin(x * Math.PI) + 40.0 * Math.sin((x / 3.0) * Math.PI)) * 2.0) / 3.0;
  ret += ((150.0 * Math.sin((x / 12.0) * Math.PI) + 300.0 * Math.sin((x / 30.0) * Math.PI)) * 2.0) / 3.0;
  return ret;
}

/** The GCJ-02 offset (degrees) at a WGS-84 point. */
function gcjDelta({ lat, lng }: LatLng): LatLng {
  const radLat = (lat / 180.0) * Math.PI;
  let magic = Math.sin(radLat);
  magic = 1 - KRASOVSKY_EE * magic * magic;
  const sqrtMagic = Math.sqrt(magic);
  const dLat =
    (transformLat(lng - 105.0, lat - 35.0) * 180.0) /
    (((KRASOVSKY_A * (1 - KRASOVSKY_EE)) / (magic * sqrtMagic)) * Math.PI);
  const dLng =
    (transformLng(lng - 105.0, lat - 35.0) * 180.0) /
    ((KRASOVSKY_A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return { lat: dLat, lng: dLng };
}

export function wgs84ToGcj02(point: LatLng): LatLng {
  if (!isInMainlandChina(point)) return { lat: point.lat, lng: point.lng };
  const delta = gcjDelta(point);
  return { lat: point.lat + delta.lat, lng: point.lng + delta.lng };
}

/**
 * GCJ-02 has no closed-form inverse; a fixed-point iteration converges to well under a
 * centimetre in a few steps.
 */
export function gcj02ToWgs84(point: LatLng): LatLng {
  if (!isInMainlandChina(point)) return { lat: point.lat, lng: point.lng };
  let guess: LatLng = { lat: point.lat, lng: point.lng };
  for (let i = 0; i < 30; i++) {
    const delta = gcjDelta(guess);
    const next = { lat: point.lat - delta.lat, lng: point.lng - delta.lng };
    const moved = Math.abs(next.lat - guess.lat) + Math.abs(next.lng - guess.lng);
    guess = next;
    if (moved < 1e-12) break;
  }
  return guess;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const kmToMiles = (km: number) => km / KM_PER_MILE;
export const milesToKm = (miles: number) => miles * KM_PER_MILE;

/** Whether a pair of numbers is a coordinate on Earth. */
export const isValidLatLng = ({ lat, lng }: LatLng) =>
  Number.isFinite(lat) && Number.isFinite(lng) && lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180;
