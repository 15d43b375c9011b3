'use client';

import { TaskMapLazy } from '@/components/map/task-map-lazy';

const roundPin = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/**
 * The picked city on a map: a click drops the pin on the exact spot (the task's place becomes that point, and
 * the proof's distance counts from it). Without a pin, workers see the city only.
 */
export function PinMap({
  place,
  tileUrl,
  onPin,
}: {
  place: { lat: number; lng: number; city: string; pinned?: boolean };
  tileUrl: string;
  onPin: (position: { lat: number; lng: number }) => void;
}) {
  return (
    <div className="space-y-1 text-sm" data-testid="pin-map" data-pinned={place.pinned ? 'true' : 'false'}>
      <TaskMapLazy
        markers={[
          {
            lat: place.lat,
            lng: place.lng,
            kind: 'task',
            label: place.pinned ? 'Your pin' : `${place.city} (the city’s centre)`,
          },
        ]}
        tileUrl={tileUrl}
        onPick={(position) => onPin({ lat: roundPin(position.lat), lng: roundPin(position.lng) })}
        testId="pin-map-map"
        label={`Map of ${place.city}: click to pin the exact spot`}
      />
      <p className="text-xs text-stone-500" data-testid="pin-status" aria-live="polite">
        {place.pinned
          ? `Pinned at ${place.lat.toFixed(5)}, ${place.lng.toFixed(5)}. Click again to move the pin.`
          : `Click the map to pin the exact spot. Without a pin, workers see only “in ${place.city}”.`}
      </p>
    </div>
  );
}
