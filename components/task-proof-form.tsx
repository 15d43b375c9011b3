'use client';

import { useState } from 'react';
import type { TaskActionState } from './task-action-form';
import { ActionForm } from './ui/action-form';
import { Button } from './ui/button';
import { Field, FileField, TextAreaField } from './ui/field';
import { SubmitButton } from './ui/submit-button';
import { afterUploading } from './upload-form-files';

/** The worker's proof: photos (JPEG, PNG or WebP), a note, and where it was taken (typed in or from the browser). */
export function TaskProofForm({
  action,
  requirements,
}: {
  action: (state: TaskActionState, form: FormData) => Promise<TaskActionState>;
  requirements: string[];
}) {
  const [lat, setLat] = useState('');
  const [lng, setLng] = useState('');
  const [locating, setLocating] = useState<string>();

  function locate() {
    if (!navigator.geolocation) return setLocating('This browser cannot tell its location.');
    setLocating('Locating…');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLat(position.coords.latitude.toFixed(6));
        setLng(position.coords.longitude.toFixed(6));
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
        <Field
          label="Latitude"
          name="lat"
          inputMode="decimal"
          value={lat}
          onChange={(event) => setLat(event.target.value)}
        />
        <Field
          label="Longitude"
          name="lng"
          inputMode="decimal"
          value={lng}
          onChange={(event) => setLng(event.target.value)}
        />
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
