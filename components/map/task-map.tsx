'use client';

import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';

export type MapMarker = {
  lat: number;
  lng: number;
  label: string;
  /** What the point is: the colour of its dot and its word in the legend. */
  kind: 'task' | 'proof' | 'home' | 'nearby';
  href?: string;
};

const COLOURS: Record<MapMarker['kind'], string> = {
  task: '#b45309',
  proof: '#15803d',
  home: '#1d4ed8',
  nearby: '#b45309',
};

/** OpenStreetMap's licence asks for this on every map drawn from its data. */
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
/** Tiles that have not loaded by then are taken as unreachable (a network that drops requests never errors). */
const TILE_TIMEOUT_MS = 8_000;

/** A blank grid under the markers: what the map shows without tiles (offline, in tests, or when tiles fail). */
const GRID =
  'linear-gradient(to right, rgb(0 0 0 / 0.06) 1px, transparent 1px), linear-gradient(to bottom, rgb(0 0 0 / 0.06) 1px, transparent 1px)';

/**
 * Points on a map (Leaflet, loaded in the browser only). `tileUrl` is the deployment's MAP_TILE_URL; without it,
 * or when a tile fails to load, the markers stand on a blank grid. `onPick` makes a click choose a position.
 */
export function TaskMap({
  markers,
  tileUrl,
  onPick,
  testId = 'task-map',
  label,
}: {
  markers: MapMarker[];
  tileUrl: string;
  onPick?: (position: { lat: number; lng: number }) => void;
  testId?: string;
  /** What the map shows, for screen readers. */
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [tiles, setTiles] = useState<'none' | 'loading' | 'failed' | 'ok'>(tileUrl ? 'loading' : 'none');
  const pick = useRef(onPick);
  pick.current = onPick;
  const key = JSON.stringify(markers);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const points: MapMarker[] = JSON.parse(key);
    let map: import('leaflet').Map | undefined;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      const L = (await import('leaflet')).default;
      if (cancelled) return;
      map = L.map(element, { attributionControl: Boolean(tileUrl), scrollWheelZoom: false });
      map.attributionControl?.setPrefix(false);
      if (tileUrl) {
        const layer = L.tileLayer(tileUrl, { maxZoom: 19, attribution: ATTRIBUTION });
        let loaded = false;
        // Tiles cannot load (offline, blocked, a wrong URL): drop them and keep the grid.
        const fail = () => {
          if (loaded) return;
          setTiles('failed');
          map?.removeLayer(layer);
        };
        layer.on('tileerror', fail);
        layer.on('load', () => {
          loaded = true;
          clearTimeout(timer);
          setTiles((state) => (state === 'failed' ? state : 'ok'));
        });
        timer = setTimeout(fail, TILE_TIMEOUT_MS);
        layer.addTo(map);
      }
      for (const point of points) {
        const dot = L.circleMarker([point.lat, point.lng], {
          radius: point.kind === 'home' ? 6 : 8,
          color: '#ffffff',
          weight: 2,
          fillColor: COLOURS[point.kind],
          fillOpacity: 0.9,
          className: `map-marker map-marker-${point.kind}`,
        }).addTo(map);
        dot.bindTooltip(point.label);
        if (point.href) dot.on('click', () => window.location.assign(point.href as string));
      }
      if (points.length === 0) map.setView([20, 0], 1);
      else if (points.length === 1) map.setView([points[0]?.lat ?? 0, points[0]?.lng ?? 0], 14);
      else
        map.fitBounds(L.latLngBounds(points.map((point) => [point.lat, point.lng])), {
          padding: [24, 24],
          maxZoom: 15,
        });
      map.on('click', (event) => pick.current?.({ lat: event.latlng.lat, lng: event.latlng.lng }));
    })();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      map?.remove();
    };
  }, [key, tileUrl]);

  return (
    <figure className="space-y-2" data-testid={testId} data-tiles={tiles}>
      <div
        ref={box}
        role="img"
        aria-label={label}
        className="relative z-0 h-64 w-full overflow-hidden rounded-lg border border-stone-200 bg-stone-50"
        style={{ backgroundImage: GRID, backgroundSize: '32px 32px' }}
      />
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-600">
        {markers.map((point) => (
          <span key={`${point.kind}-${point.lat}-${point.lng}-${point.label}`} className="flex items-center gap-1">
            <span
              aria-hidden
              className="inline-block h-2.5 w-2.5 rounded-full"
              style={{ backgroundColor: COLOURS[point.kind] }}
            />
            {point.href ? (
              <a href={point.href} className="underline">
                {point.label}
              </a>
            ) : (
              point.label
            )}
          </span>
        ))}
        {tiles === 'failed' && <span>Map tiles could not load: positions are shown on a grid.</span>}
      </figcaption>
    </figure>
  );
}
