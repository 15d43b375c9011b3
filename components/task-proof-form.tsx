'use client';

import { useState } from 'react';
import { missingProof, type ProofShortfall } from '@/lib/tasks/proof-rules';
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
  const [missing, setMissing] = useState<ProofShortfall[]>([]);
  const upload = afterUploading(action, 'photos', 'photoIds');

  /** The task's proofRequirements checked before anything is uploaded (the API checks the same rule). */
  async function checked(state: TaskActionState, form: FormData): Promise<TaskActionState> {
    const lat = String(form.get('lat') ?? '').trim();
    const lng = String(form.get('lng') ?? '').trim();
    const photos = form.getAll('photos').filter((file) => file instanceof Blob && file.size > 0);
    const shortfalls = missingProof(requirements, {
      note: String(form.get('note') ?? ''),
      photoIds: photos.map((_, index) => String(index)),
      location: lat && lng ? { lat: Number(lat), lng: Number(lng) } : null,
    });
    setMissing(shortfalls);
    if (shortfalls.length > 0) return { error: 'The proof is not complete yet: see the fields marked above.' };
    return upload(state, form);
  }
  const problem = (field: ProofShortfall['path'][0]) => (
    <FieldProblem>{missing.find((shortfall) => shortfall.path[0] === field)?.message}</FieldProblem>
  );

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
    <ActionForm action={checked} testId="proof-form">
      <p className="text-sm text-stone-600">
        Required: {requirements.join(', ') || 'nothing in particular'}. Every proof needs a note or at least one photo.
      </p>
      <FileField label="Photos" name="photos" multiple />
      {problem('photoIds')}
      <TextAreaField label="Note" name="note" rows={3} maxLength={5_000} />
      {problem('note')}
      <fieldset className="grid grid-cols-2 gap-2 text-sm">
        <legend className="text-stone-700">Location{requirements.includes('gps') ? '' : ' (optional)'}</legend>
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
      {problem('location')}
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

/** A missing part of the proof, under its field. */
function FieldProblem({ children }: { children?: string }) {
  if (!children) return null;
  return (
    <p role="alert" className="text-sm text-red-700">
      {children}
    </p>
  );
}
