import type { MapTilesConfigValue } from '@sabai/shared/platform/platform.schemas';
import { useQuery } from '@tanstack/react-query';
import { type ConfigRecord, configObject, fetchConfigRecord } from '../../../lib/config-record';

/**
 * The map background (server config type 3100, changeable at run time). Until it arrives, or when
 * the server has none, the build's VITE_MAP_TILE_URL / VITE_MAP_DATUM, else OpenStreetMap. Maps
 * work without tiles either way: markers on a plain background.
 */
export type MapTiles = MapTilesConfigValue;
/** Same number as the shared MAP_TILES_CONFIG_TYPE; kept here so the page does not pull in zod. */
export const MAP_TILES_CONFIG_TYPE = 3100;

const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const BUILT_TILE_URL = import.meta.env?.VITE_MAP_TILE_URL as string | undefined;

export const DEFAULT_MAP_TILES: MapTiles = {
  tileUrl: BUILT_TILE_URL || OSM_TILES,
  datum:
    (import.meta.env?.VITE_MAP_DATUM as string | undefined)?.toLowerCase() === 'gcj02' ? 'gcj02' : 'wgs84',
  attribution: BUILT_TILE_URL ? '' : '© OpenStreetMap',
};

/** `data.value` is a JSON string; anything unusable falls back to the default, field by field. */
export function parseMapTiles(record: ConfigRecord | null | undefined): MapTiles {
  const value = configObject(record);
  if (!value) return DEFAULT_MAP_TILES;
  const { tileUrl, datum, attribution } = value;
  const hasUrl = typeof tileUrl === 'string' && tileUrl.trim() !== '';
  return {
    tileUrl: hasUrl ? tileUrl.trim() : DEFAULT_MAP_TILES.tileUrl,
    datum: datum === 'gcj02' || datum === 'wgs84' ? datum : DEFAULT_MAP_TILES.datum,
    attribution: typeof attribution === 'string' ? attribution : hasUrl ? '' : DEFAULT_MAP_TILES.attribution,
  };
}

export function useMapTiles(): MapTiles {
  const query = useQuery({
    queryKey: ['config', MAP_TILES_CONFIG_TYPE],
    queryFn: async ({ signal }) => parseMapTiles(await fetchConfigRecord(MAP_TILES_CONFIG_TYPE, signal)),
    staleTime: 30 * 60_000,
    retry: false,
  });
  return query.data ?? DEFAULT_MAP_TILES;
}
