import { wgs84ToGcj02 } from '@sabai/shared/geo';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';

export interface MapPoint {
  lat: number;
  lng: number;
}
export interface OrderMapTiles {
  tileUrl: string;
  datum: 'wgs84' | 'gcj02';
  attribution: string;
}

const toShown = (point: MapPoint, datum: OrderMapTiles['datum']): L.LatLngTuple => {
  const shown = datum === 'gcj02' ? wgs84ToGcj02(point) : point;
  return [shown.lat, shown.lng];
};

const pin = (className: string) =>
  L.divIcon({
    className,
    html: '<span class="order-pin__head"></span>',
    iconSize: [26, 26],
    iconAnchor: [13, 26],
  });

/**
 * The therapist on their way and the customer's address (loaded lazily with Leaflet). The map is
 * made once; a new position only moves the therapist's marker and refits the view, so updates every
 * few seconds neither flicker nor lose the tiles.
 */
export default function ProviderMap({
  provider,
  destination,
  tiles,
  labels,
  onTilesFailed,
}: {
  provider: MapPoint | null;
  destination: MapPoint | null;
  tiles: OrderMapTiles;
  labels: { map: string; provider: string; destination: string };
  onTilesFailed: () => void;
}) {
  const element = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const providerMarker = useRef<L.Marker | null>(null);
  const destinationMarker = useRef<L.Marker | null>(null);
  const onFailed = useRef(onTilesFailed);
  onFailed.current = onTilesFailed;

  useEffect(() => {
    if (!element.current) return;
    const created = L.map(element.current, {
      zoomControl: true,
      dragging: !L.Browser.mobile,
      scrollWheelZoom: false,
    });
    if (tiles.tileUrl && tiles.tileUrl !== 'none') {
      let hasReported = false;
      L.tileLayer(tiles.tileUrl, { maxZoom: 19, attribution: tiles.attribution })
        .on('tileerror', () => {
          if (hasReported) return;
          hasReported = true;
          onFailed.current();
        })
        .addTo(created);
    }
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
      providerMarker.current = null;
      destinationMarker.current = null;
    };
  }, [tiles]);

  useEffect(() => {
    const current = map.current;
    if (!current) return;
    const points: L.LatLngTuple[] = [];
    if (destination) {
      const at = toShown(destination, tiles.datum);
      points.push(at);
      if (destinationMarker.current) destinationMarker.current.setLatLng(at);
      else
        destinationMarker.current = L.marker(at, {
          icon: pin('order-pin order-pin--home'),
          title: labels.destination,
          alt: labels.destination,
          keyboard: false,
        }).addTo(current);
    }
    if (provider) {
      const at = toShown(provider, tiles.datum);
      points.push(at);
      if (providerMarker.current) providerMarker.current.setLatLng(at);
      else
        providerMarker.current = L.marker(at, {
          icon: pin('order-pin order-pin--provider'),
          title: labels.provider,
          alt: labels.provider,
          keyboard: false,
        }).addTo(current);
    }
    if (points.length === 1 && points[0]) current.setView(points[0], 15);
    else if (points.length > 1) current.fitBounds(L.latLngBounds(points), { padding: [36, 36], maxZoom: 16 });
  }, [provider, destination, tiles.datum, labels.destination, labels.provider]);

  return (
    <section ref={element} className="order-map__canvas" aria-label={labels.map} data-testid="order-map" />
  );
}
