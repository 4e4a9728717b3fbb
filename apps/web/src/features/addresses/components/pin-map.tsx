import { gcj02ToWgs84, type LatLng, wgs84ToGcj02 } from '@sabai/shared/geo';
import type { MapTilesConfigValue } from '@sabai/shared/platform/platform.schemas';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';

const NUDGE_DEGREES = 0.0001;
const ARROW_STEPS: Record<string, [number, number]> = {
  ArrowUp: [1, 0],
  ArrowDown: [-1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

interface PinMapProps {
  /** The pin, WGS-84 (what the server stores and the browser's geolocation gives). */
  point: LatLng;
  tiles: MapTilesConfigValue;
  onMove: (point: LatLng) => void;
  onTilesFailed: () => void;
  /** Accessible names of the map and of the pin. */
  label: string;
  pinLabel: string;
}

/**
 * A Leaflet map with one draggable pin; a tap on the map moves the pin there too. Tiles of
 * mainland-China providers are drawn in GCJ-02, so the pin is shifted onto them and back.
 */
export function PinMap({ point, tiles, onMove, onTilesFailed, label, pinLabel }: PinMapProps) {
  const element = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const pin = useRef<L.Marker | null>(null);
  const callbacks = useRef({ onMove, onTilesFailed });
  callbacks.current = { onMove, onTilesFailed };
  const isGcj = tiles.datum === 'gcj02';
  const toMap = (value: LatLng): L.LatLngTuple => {
    const shown = isGcj ? wgs84ToGcj02(value) : value;
    return [shown.lat, shown.lng];
  };
  const fromMap = (value: L.LatLng): LatLng => {
    const plain = { lat: value.lat, lng: value.lng };
    return isGcj ? gcj02ToWgs84(plain) : plain;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map and its pin are created once
  useEffect(() => {
    if (!element.current) return;
    const instance = L.map(element.current, { zoomControl: true }).setView(toMap(point), 17);
    const icon = L.divIcon({
      className: 'address-pin',
      html: '<span></span>',
      iconSize: [32, 42],
      iconAnchor: [16, 42],
    });
    const marker = L.marker(toMap(point), {
      draggable: true,
      icon,
      title: pinLabel,
      alt: pinLabel,
      autoPan: true,
    })
      .on('dragend', () => callbacks.current.onMove(fromMap(marker.getLatLng())))
      .addTo(instance);
    // Keyboard users move the focused pin with the arrow keys (about 10 m a press).
    marker.getElement()?.addEventListener('keydown', (event) => {
      const step = ARROW_STEPS[event.key];
      if (!step) return;
      event.preventDefault();
      const at = marker.getLatLng();
      const next = L.latLng(at.lat + step[0] * NUDGE_DEGREES, at.lng + step[1] * NUDGE_DEGREES);
      marker.setLatLng(next);
      if (!instance.getBounds().pad(-0.1).contains(next)) instance.panTo(next);
      callbacks.current.onMove(fromMap(next));
    });
    instance.on('click', (event: L.LeafletMouseEvent) => {
      marker.setLatLng(event.latlng);
      callbacks.current.onMove(fromMap(event.latlng));
    });
    map.current = instance;
    pin.current = marker;
    return () => {
      instance.remove();
      map.current = null;
      pin.current = null;
    };
  }, []);

  // A point set from outside (geolocation) moves the pin and the view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: toMap depends only on the datum
  useEffect(() => {
    const marker = pin.current;
    if (!marker || !map.current) return;
    const shown = toMap(point);
    const current = marker.getLatLng();
    if (Math.abs(current.lat - shown[0]) < 1e-9 && Math.abs(current.lng - shown[1]) < 1e-9) return;
    marker.setLatLng(shown);
    map.current.setView(shown, Math.max(map.current.getZoom(), 16));
  }, [point.lat, point.lng, isGcj]);

  useEffect(() => {
    const instance = map.current;
    if (!instance || !tiles.tileUrl || tiles.tileUrl === 'none') return;
    let hasReported = false;
    const layer = L.tileLayer(tiles.tileUrl, { maxZoom: 19, attribution: tiles.attribution })
      .on('tileerror', () => {
        if (hasReported) return;
        hasReported = true;
        callbacks.current.onTilesFailed();
      })
      .addTo(instance);
    return () => {
      layer.remove();
    };
  }, [tiles]);

  return <section ref={element} className="pin-map" aria-label={label} />;
}
