'use client';

import { type ReactNode, useState } from 'react';
import { Button } from './ui/button';
import { Field } from './ui/field';

// The proof form's typed position (task-proof-form.tsx): latitude and longitude, or the browser's fix on request.

export type Coordinates = { lat: string; lng: string };

const AXES = [
  { name: 'lat', label: 'Latitude' },
  { name: 'lng', label: 'Longitude' },
] as const;

export function ProofLocationFields({
  coordinates,
  onChange,
  required,
  problem,
}: {
  coordinates: Coordinates;
  onChange: (coordinates: Coordinates) => void;
  required: boolean;
  /** The missing-proof message under the fields, if any. */
  problem: ReactNode;
}) {
  const [locating, setLocating] = useState<string>();

  function locate() {
    if (!navigator.geolocation) return setLocating('This browser cannot tell its location.');
    setLocating('Locating…');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        onChange({ lat: position.coords.latitude.toFixed(6), lng: position.coords.longitude.toFixed(6) });
        setLocating(undefined);
      },
      (error) => setLocating(error.message || 'Location unavailable'),
    );
  }

  return (
    <>
      <fieldset className="grid grid-cols-2 gap-2 text-sm">
        <legend className="text-stone-700">Location{required ? '' : ' (optional)'}</legend>
        {AXES.map(({ name, label }) => (
          <Field
            key={name}
            label={label}
            name={name}
            inputMode="decimal"
            value={coordinates[name]}
            onChange={(event) => onChange({ ...coordinates, [name]: event.target.value })}
          />
        ))}
      </fieldset>
      {problem}
      <div className="flex items-center gap-3">
        <Button variant="link" onClick={locate} className="text-sm">
          Use my location
        </Button>
        {locating && <span className="text-xs text-stone-500">{locating}</span>}
      </div>
    </>
  );
}
