import type { TherapistCard } from '@sabai/shared/catalog/catalog.schemas';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import type { Position } from '../api/discovery-api';
import { useMapTiles } from '../api/map-tiles';
import { addTiles, toMapPoint } from './map-tiles-layer';

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
  // The tile URL is server configuration (type 3100): it can change without a new build.
  const tiles = useMapTiles();
  const toMap = (point: Position) => toMapPoint(point, tiles.datum);

  // The map is created once; markers and view follow the props below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once, on mount
  useEffect(() => {
    if (!element.current) return;
    const instance = L.map(element.current, { zoomControl: true, attributionControl: true }).setView(
      toMap(centre ?? { lat: 11.5564, lng: 104.9282 }),
      13,
    );
    markers.current = L.layerGroup().addTo(instance);
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
    };
  }, []);

  // Tiles follow the configuration; markers stay on a plain background when they fail.
  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    const layer = addTiles(instance, tiles, () => callbacks.current.onTilesFailed());
    return () => {
      layer?.remove();
    };
  }, [tiles]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: toMap changes only with tiles.datum
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
  }, [therapists, selectedId, userPosition, tiles.datum]);

  // Fit the view to the markers once they first arrive (and when the set changes).
  const ids = therapists.map((therapist) => therapist.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit only when the set of therapists changes
  useEffect(() => {
    const instance = map.current;
    if (!instance || therapists.length === 0) return;
    const points = therapists.map((therapist) => L.latLng(toMap(therapist.location)));
    if (userPosition) points.push(L.latLng(toMap(userPosition)));
    instance.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 15 });
  }, [ids, tiles.datum]);

  return <section ref={element} className="therapist-map" aria-label={label} />;
}
