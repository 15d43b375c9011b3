'use client';

import { useState } from 'react';
import { PlacePicker } from '@/components/place-picker';
import { ActionForm } from '@/components/ui/action-form';
import { Field, SelectField, TextAreaField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatCategory } from '@/lib/format/category';
import { centsAsDecimal } from '@/lib/format/money';
import { TASK_CATEGORIES } from '@/lib/tasks/task-rules';
import type { ServiceFormState } from './actions';

/** What the form starts with: a service being edited, or nothing for a new one. */
export type ServiceDefaults = {
  title: string;
  description: string | null;
  category: string;
  priceCents: number;
  durationMinutes: number;
  area: { lat: number; lng: number; radiusMeters: number } | null;
};

/**
 * A service's fields, limits as POST /v1/services has them: price in dollars, duration in minutes, and the area
 * as a place picked from the gazetteer with a radius in km, or Remote.
 */
export function ServiceForm({
  action,
  service,
  submitLabel,
}: {
  action: (state: ServiceFormState, form: FormData) => Promise<ServiceFormState>;
  service?: ServiceDefaults;
  submitLabel: string;
}) {
  const [remote, setRemote] = useState(service ? service.area === null : false);
  const area = service?.area;
  return (
    <ActionForm action={action}>
      <Field label="Title" name="title" required maxLength={200} defaultValue={service?.title ?? ''} />
      <TextAreaField
        label="Description (optional)"
        name="description"
        maxLength={5_000}
        rows={3}
        defaultValue={service?.description ?? ''}
      />
      <SelectField label="Category" name="category" defaultValue={service?.category ?? 'errand'}>
        {TASK_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {formatCategory(category)}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Price (USD)"
          name="price"
          type="number"
          required
          min={5}
          max={10_000}
          step={0.01}
          hint="What you earn per booking, $5 to $10,000; the requester pays 15% on top."
          defaultValue={service ? centsAsDecimal(service.priceCents) : ''}
        />
        <Field
          label="Duration (minutes)"
          name="durationMinutes"
          type="number"
          required
          min={15}
          max={1_440}
          step={1}
          defaultValue={service?.durationMinutes ?? 60}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="remote" checked={remote} onChange={(event) => setRemote(event.target.checked)} />
        Remote (done from anywhere, no place)
      </label>
      {!remote && (
        <div className="grid gap-3 sm:grid-cols-2">
          <PlacePicker
            label="Area centre"
            hint="A public place of your choosing, shown to requesters (not your home)."
            initial={area ? { city: 'Current area', region: '', country: '', lat: area.lat, lng: area.lng } : null}
          />
          <Field
            label="Radius (km)"
            name="radiusKm"
            type="number"
            required
            min={0.001}
            max={200}
            step={0.001}
            defaultValue={area ? area.radiusMeters / 1_000 : 5}
          />
        </div>
      )}
      <SubmitButton>{submitLabel}</SubmitButton>
    </ActionForm>
  );
}
