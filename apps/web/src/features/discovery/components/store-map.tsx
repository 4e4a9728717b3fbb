import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useMapTiles } from '../api/map-tiles';
import { addTiles, toMapPoint } from './map-tiles-layer';

interface Props {
  lat: number;
  lng: number;
  label: string;
  onTilesFailed: () => void;
}

/**
 * A store's place on a Leaflet map (loaded lazily by StaticLocation). The pin is drawn by CSS,
 * not an image, so it shows even when no tile or marker image can be fetched.
 */
export default function StoreMap({ lat, lng, label, onTilesFailed }: Props) {
  const element = useRef<HTMLElement>(null);
  const tiles = useMapTiles();
  const onFailed = useRef(onTilesFailed);
  onFailed.current = onTilesFailed;

  useEffect(() => {
    if (!element.current) return;
    const point = toMapPoint({ lat, lng }, tiles.datum);
    const map = L.map(element.current, {
      zoomControl: true,
      attributionControl: true,
      // The page scrolls with one finger; the map pans with the zoom buttons or on a desktop.
      dragging: !L.Browser.mobile,
      scrollWheelZoom: false,
    }).setView(point, 16);
    L.marker(point, {
      icon: L.divIcon({
        className: 'store-pin',
        html: '<span class="store-pin__head"></span>',
        iconSize: [30, 30],
        iconAnchor: [15, 30],
      }),
      title: label,
      alt: label,
      keyboard: false,
    }).addTo(map);
    addTiles(map, tiles, () => onFailed.current());
    return () => {
      map.remove();
    };
  }, [lat, lng, label, tiles]);

  return <section ref={element} className="store-map" aria-label={label} />;
}
