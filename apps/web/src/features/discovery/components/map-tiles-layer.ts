import { wgs84ToGcj02 } from '@sabai/shared/geo';
import L from 'leaflet';
import type { MapTiles } from '../api/map-tiles';

export interface Point {
  lat: number;
  lng: number;
}

/**
 * Positions from the server and the browser are WGS-84; tiles of mainland-China providers are drawn
 * in GCJ-02, so points are shifted to match them (outside mainland China the conversion is the identity).
 */
export const toMapPoint = (point: Point, datum: MapTiles['datum']): L.LatLngTuple => {
  const shown = datum === 'gcj02' ? wgs84ToGcj02(point) : point;
  return [shown.lat, shown.lng];
};

/** Adds the tile layer ("none" adds nothing); `onFailed` is called once when tiles cannot load. */
export function addTiles(map: L.Map, tiles: MapTiles, onFailed: () => void): L.TileLayer | undefined {
  if (!tiles.tileUrl || tiles.tileUrl === 'none') return undefined;
  let hasReported = false;
  return L.tileLayer(tiles.tileUrl, { maxZoom: 19, attribution: tiles.attribution })
    .on('tileerror', () => {
      if (hasReported) return;
      hasReported = true;
      onFailed();
    })
    .addTo(map);
}
