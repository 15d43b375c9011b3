'use client';

import { useActionState, useState } from 'react';
import { ActionError } from './action-error';
import type { TaskActionState } from './task-action-form';
import { afterUploading } from './upload-form-files';

/** The worker's proof: photos (JPEG, PNG or WebP), a note, and where it was taken (typed in or from the browser). */
export function TaskProofForm({
  action,
  requirements,
}: {
  action: (state: TaskActionState, form: FormData) => Promise<TaskActionState>;
  requirements: string[];
}) {
  const [state, formAction, pending] = useActionState(afterUploading(action, 'photos', 'photoIds'), {});
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
    <form action={formAction} className="space-y-3" data-testid="proof-form">
      <p className="text-sm text-stone-600">Required: {requirements.join(', ') || 'nothing in particular'}.</p>
      <label className="block text-sm">
        <span className="text-stone-700">Photos</span>
        <input
          name="photos"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          className="mt-1 block w-full text-sm"
        />
      </label>
      <label className="block text-sm">
        <span className="text-stone-700">Note</span>
        <textarea
          name="note"
          rows={3}
          maxLength={5_000}
          className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
        />
      </label>
      <fieldset className="grid grid-cols-2 gap-2 text-sm">
        <legend className="text-stone-700">Location (optional)</legend>
        <label className="block">
          <span className="text-stone-500">Latitude</span>
          <input
            name="lat"
            inputMode="decimal"
            value={lat}
            onChange={(event) => setLat(event.target.value)}
            className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
          />
        </label>
        <label className="block">
          <span className="text-stone-500">Longitude</span>
          <input
            name="lng"
            inputMode="decimal"
            value={lng}
            onChange={(event) => setLng(event.target.value)}
            className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
          />
        </label>
      </fieldset>
      <div className="flex items-center gap-3">
        <button type="button" onClick={locate} className="text-sm underline">
          Use my location
        </button>
        {locating && <span className="text-xs text-stone-500">{locating}</span>}
      </div>
      <button
        type="submit"
        disabled={pending}
        className="rounded-md bg-stone-900 px-4 py-2 text-sm text-white hover:bg-stone-700 disabled:opacity-50"
      >
        Submit proof
      </button>
      <ActionError error={state.error} />
    </form>
  );
}
