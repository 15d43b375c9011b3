'use client';

import { useState } from 'react';
import type { TaskActionState } from './task-action-form';
import { ActionForm } from './ui/action-form';
import { Button } from './ui/button';
import { Field, FileField, TextAreaField } from './ui/field';
import { SubmitButton } from './ui/submit-button';
import { afterUploading } from './upload-form-files';

type Coordinates = { lat: string; lng: string };

/** The two location inputs, in the names the proof's form data uses. */
const AXES = [
  { name: 'lat', label: 'Latitude' },
  { name: 'lng', label: 'Longitude' },
] as const;

/** The worker's proof: photos (JPEG, PNG or WebP), a note, and where it was taken (typed in or from the browser). */
export function TaskProofForm({
  action,
  requirements,
}: {
  action: (state: TaskActionState, form: FormData) => Promise<TaskActionState>;
  requirements: string[];
}) {
  const [coordinates, setCoordinates] = useState<Coordinates>({ lat: '', lng: '' });
  const [locating, setLocating] = useState<string>();

  function locate() {
    if (!navigator.geolocation) return setLocating('This browser cannot tell its location.');
    setLocating('Locating…');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setCoordinates({ lat: position.coords.latitude.toFixed(6), lng: position.coords.longitude.toFixed(6) });
        setLocating(undefined);
      },
      (error) => setLocating(error.message || 'Location unavailable'),
    );
  }

  return (
    <ActionForm action={afterUploading(action, 'photos', 'photoIds')} testId="proof-form">
      <p className="text-sm text-stone-600">Required: {requirements.join(', ') || 'nothing in particular'}.</p>
      <FileField label="Photos" name="photos" multiple />
      <TextAreaField label="Note" name="note" rows={3} maxLength={5_000} />
      <fieldset className="grid grid-cols-2 gap-2 text-sm">
        <legend className="text-stone-700">Location (optional)</legend>
        {AXES.map(({ name, label }) => (
          <Field
            key={name}
            label={label}
            name={name}
            inputMode="decimal"
            value={coordinates[name]}
            onChange={(event) => setCoordinates({ ...coordinates, [name]: event.target.value })}
          />
        ))}
      </fieldset>
      <div className="flex items-center gap-3">
        <Button variant="link" onClick={locate} className="text-sm">
          Use my location
        </Button>
        {locating && <span className="text-xs text-stone-500">{locating}</span>}
      </div>
      <SubmitButton>Submit proof</SubmitButton>
    </ActionForm>
  );
}
