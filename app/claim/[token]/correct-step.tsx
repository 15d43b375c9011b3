'use client';

import { useState } from 'react';
import { TaskMapLazy } from '@/components/map/task-map-lazy';
import { ActionForm } from '@/components/ui/action-form';
import { Field } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { centsAsDecimal, formatMoney } from '@/lib/format/money';
import { priceTask } from '@/lib/tasks/task-rules';
import { correctClaim } from './actions';

type Place = { lat: number; lng: number; address: string | null } | null;

/** A Date as a `datetime-local` value in the viewer's time zone. */
function localInput(iso: string): string {
  const date = new Date(iso);
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/**
 * Before paying: correct what the agent proposed. The budget shows the new price as it is typed, the deadline is
 * in the viewer's time, and a click on the map moves the place (coordinates are never typed).
 */
export function CorrectStep({
  token,
  budgetCents,
  deadline,
  place,
  tileUrl,
}: {
  token: string;
  budgetCents: number;
  deadline: string;
  place: Place;
  tileUrl: string;
}) {
  const [budget, setBudget] = useState(centsAsDecimal(budgetCents));
  const [when, setWhen] = useState(localInput(deadline));
  const [position, setPosition] = useState(place ? { lat: place.lat, lng: place.lng } : null);
  const cents = Math.round(Number(budget) * 100);
  const price = Number.isFinite(cents) && cents > 0 ? priceTask(cents) : null;
  const iso = when ? new Date(when).toISOString() : '';
  return (
    <ActionForm action={correctClaim.bind(null, token)} testId="claim-correct-form">
      <Field
        label="Budget (what the worker earns, $)"
        name="budget"
        type="number"
        inputMode="decimal"
        min={5}
        step="0.01"
        required
        value={budget}
        onChange={(event) => setBudget(event.target.value)}
      />
      <p className="text-xs text-stone-600" data-testid="claim-correct-price">
        {price
          ? `Fee ${formatMoney(price.platformFeeCents)} · you would pay ${formatMoney(price.totalCents)}`
          : 'Enter an amount'}
      </p>
      <Field
        label="Deadline (your time)"
        type="datetime-local"
        required
        value={when}
        onChange={(event) => setWhen(event.target.value)}
      />
      <input type="hidden" name="deadline" value={iso} />
      {place && (
        <>
          <Field label="Address" name="address" defaultValue={place.address ?? ''} maxLength={500} />
          <p className="text-xs text-stone-600">Click the map to move the place.</p>
          <TaskMapLazy
            markers={position ? [{ ...position, kind: 'task', label: 'Task place' }] : []}
            tileUrl={tileUrl}
            onPick={setPosition}
            testId="claim-map"
            label="Map of the task’s place; click to move it"
          />
          <input type="hidden" name="lat" value={position?.lat ?? ''} />
          <input type="hidden" name="lng" value={position?.lng ?? ''} />
        </>
      )}
      <SubmitButton>Save changes</SubmitButton>
    </ActionForm>
  );
}
