import type { TherapistCard } from '@sabai/shared/catalog/catalog.schemas';
import { wgs84ToGcj02 } from '@sabai/shared/geo';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import type { Position } from '../api/discovery-api';

/**
 * The tile URL comes from VITE_MAP_TILE_URL (any XYZ template); "none" turns tiles off. Without
 * reachable tiles the map still works: markers on a plain background, list below.
 */
const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const TILE_URL = (import.meta.env.VITE_MAP_TILE_URL as string | undefined) ?? DEFAULT_TILE_URL;
/**
 * Tiles of mainland-China providers are drawn in GCJ-02: set VITE_MAP_DATUM=gcj02 with such a tile
 * URL and positions (WGS-84 from the server and the browser) are shifted to match. Outside mainland
 * China the conversion is the identity.
 */
const IS_GCJ02 = (import.meta.env.VITE_MAP_DATUM as string | undefined)?.toLowerCase() === 'gcj02';
const toMap = (point: Position): L.LatLngTuple => {
  const shown = IS_GCJ02 ? wgs84ToGcj02(point) : point;
  return [shown.lat, shown.lng];
};

interface Props {
  therapists: TherapistCard[];
  centre: Position | undefined;
  userPosition: Position | undefined;
  selectedId: number | undefined;
  onSelect: (id: number) => void;
  onTilesFailed: () => void;
  label: string;
}

function avatarIcon(therapist: TherapistCard, isSelected: boolean): L.DivIcon {
  const img = document.createElement('img');
  img.src = therapist.avatar;
  img.alt = '';
  return L.divIcon({
    html: img,
    className: `map-marker map-marker--${therapist.state}${isSelected ? ' map-marker--selected' : ''}`,
    iconSize: isSelected ? [44, 44] : [34, 34],
  });
}

export function TherapistMap({
  therapists,
  centre,
  userPosition,
  selectedId,
  onSelect,
  onTilesFailed,
  label,
}: Props) {
  const element = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  const callbacks = useRef({ onSelect, onTilesFailed });
  callbacks.current = { onSelect, onTilesFailed };

  // The map is created once; markers and view follow the props below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once, on mount
  useEffect(() => {
    if (!element.current) return;
    const instance = L.map(element.current, { zoomControl: true, attributionControl: true }).setView(
      toMap(centre ?? { lat: 11.5564, lng: 104.9282 }),
      13,
    );
    if (TILE_URL && TILE_URL !== 'none') {
      let hasReported = false;
      L.tileLayer(TILE_URL, {
        maxZoom: 19,
        attribution: TILE_URL === DEFAULT_TILE_URL ? '© OpenStreetMap' : '',
      })
        .on('tileerror', () => {
          if (hasReported) return;
          hasReported = true;
          callbacks.current.onTilesFailed();
        })
        .addTo(instance);
    }
    markers.current = L.layerGroup().addTo(instance);
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = map.current;
    const layer = markers.current;
    if (!instance || !layer) return;
    layer.clearLayers();
    for (const therapist of therapists) {
      L.marker(toMap(therapist.location), {
        icon: avatarIcon(therapist, therapist.id === selectedId),
        title: therapist.name,
        alt: therapist.name,
        keyboard: true,
        zIndexOffset: therapist.id === selectedId ? 1000 : 0,
      })
        .on('click', () => callbacks.current.onSelect(therapist.id))
        .addTo(layer);
    }
    if (userPosition) {
      L.circleMarker(toMap(userPosition), {
        radius: 8,
        color: '#fff',
        weight: 3,
        fillColor: '#1890ff',
        fillOpacity: 1,
      }).addTo(layer);
    }
  }, [therapists, selectedId, userPosition]);

  // Fit the view to the markers once they first arrive (and when the set changes).
  const ids = therapists.map((therapist) => therapist.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit only when the set of therapists changes
  useEffect(() => {
    const instance = map.current;
    if (!instance || therapists.length === 0) return;
    const points = therapists.map((therapist) => L.latLng(toMap(therapist.location)));
    if (userPosition) points.push(L.latLng(toMap(userPosition)));
    instance.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 15 });
  }, [ids]);

  return <section ref={element} className="therapist-map" aria-label={label} />;
}
