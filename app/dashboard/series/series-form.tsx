'use client';

import { useEffect, useState } from 'react';
import { ActionForm } from '@/components/ui/action-form';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field, SelectField, TextAreaField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { SERIES_LIMITS } from '@/lib/tasks/series-rules';
import { createSeriesAction } from './actions';

const DAYS = [
  ['mon', 'Monday'],
  ['tue', 'Tuesday'],
  ['wed', 'Wednesday'],
  ['thu', 'Thursday'],
  ['fri', 'Friday'],
  ['sat', 'Saturday'],
  ['sun', 'Sunday'],
] as const;

/** A weekly recurring task: what to do, from when, on which days, until when, and how far ahead to post it. */
export function SeriesForm() {
  // The viewer's own zone once the page runs in the browser (the server renders UTC).
  const [zone, setZone] = useState('UTC');
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'), []);
  return (
    <ActionForm action={createSeriesAction} testId="series-form">
      <Field label="Title" name="title" required maxLength={200} placeholder="Water the office plants" />
      <TextAreaField label="Description" name="description" maxLength={5000} rows={3} />
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Budget per time ($)" name="budget" type="number" min={5} max={10000} step="0.01" required />
        <Field label="First time" name="firstOccurrenceAt" type="datetime-local" required />
        <Field
          label="Time zone"
          name="timeZone"
          key={zone}
          defaultValue={zone}
          maxLength={64}
          hint="IANA, e.g. Europe/Berlin"
        />
      </div>
      <fieldset className="text-sm">
        <legend className="text-stone-700">Days</legend>
        <div className="mt-1 grid grid-cols-2 gap-1 sm:grid-cols-4">
          {DAYS.map(([value, label]) => (
            <CheckboxField key={value} label={label} name="days" value={value} />
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField label="Repeat" name="intervalWeeks" defaultValue="1">
          <option value="1">Every week</option>
          <option value="2">Every 2 weeks</option>
          <option value="4">Every 4 weeks</option>
        </SelectField>
        <Field label="End date" name="endsOn" type="date" hint="Or give a number of times" />
        <Field label="Times" name="count" type="number" min={1} max={SERIES_LIMITS.maxCount} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Hours ahead to post it"
          name="leadHours"
          type="number"
          min={SERIES_LIMITS.minLeadHours}
          max={SERIES_LIMITS.maxLeadHours}
          defaultValue={SERIES_LIMITS.defaultLeadHours}
          hint="Each time is posted and charged to your card this long before it starts."
        />
        <Field label="Hours to do it" name="durationHours" type="number" min={1} max={168} defaultValue={4} />
      </div>
      <SubmitButton pendingLabel="Saving…">Make it repeat</SubmitButton>
    </ActionForm>
  );
}
