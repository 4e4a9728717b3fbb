import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILES, parseMapTiles } from './map-tiles';

describe('parseMapTiles', () => {
  it('reads the server document (a JSON string in data.value)', () => {
    const value = JSON.stringify({
      tileUrl: 'https://tiles.example.cn/{z}/{x}/{y}.png',
      datum: 'gcj02',
      attribution: '© Example',
    });
    expect(parseMapTiles({ value })).toEqual({
      tileUrl: 'https://tiles.example.cn/{z}/{x}/{y}.png',
      datum: 'gcj02',
      attribution: '© Example',
    });
  });

  it('keeps "none" (no tiles at all)', () => {
    expect(parseMapTiles({ value: '{"tileUrl":"none","datum":"wgs84","attribution":""}' }).tileUrl).toBe(
      'none',
    );
  });

  it('falls back to the default when the config is missing or broken', () => {
    expect(parseMapTiles(null)).toEqual(DEFAULT_MAP_TILES);
    expect(parseMapTiles({ value: 'not json' })).toEqual(DEFAULT_MAP_TILES);
    expect(parseMapTiles({ value: '{"tileUrl":"","datum":"mercator"}' })).toEqual(DEFAULT_MAP_TILES);
  });
});
