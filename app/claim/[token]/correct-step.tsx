'use client';

import { useState } from 'react';
import { TaskMapLazy } from '@/components/map/task-map-lazy';
import { PlacePicker } from '@/components/place-picker';
import { ActionForm } from '@/components/ui/action-form';
import { Field } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { centsAsDecimal, formatMoney } from '@/lib/format/money';
import { priceTask } from '@/lib/tasks/task-rules';
import { correctClaim } from './actions';

type Precision = 'city' | 'address' | 'point';
type Place = { lat: number; lng: number; address: string | null; precision: Precision } | null;

/** A Date as a `datetime-local` value in the viewer's time zone. */
function localInput(iso: string): string {
  const date = new Date(iso);
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/**
 * Before paying: correct what the agent proposed. The budget shows the new price as it is typed, the deadline is
 * in the viewer's time, and a click on the map moves the place (coordinates are never typed). A remote proposal
 * may be given a place: a city picked from the gazetteer, then pinned on the map if the exact spot is known.
 */
export function CorrectStep({
  token,
  budgetCents,
  deadline,
  place,
  tileUrl,
  canPickPlace,
}: {
  token: string;
  budgetCents: number;
  deadline: string;
  place: Place;
  tileUrl: string;
  /** The picker's suggestions need a session: a remote proposal gets a place once the email step signed in. */
  canPickPlace: boolean;
}) {
  const [budget, setBudget] = useState(centsAsDecimal(budgetCents));
  const [when, setWhen] = useState(localInput(deadline));
  const [position, setPosition] = useState<{ lat: number; lng: number; precision: Precision } | null>(
    place ? { lat: place.lat, lng: place.lng, precision: place.precision } : null,
  );
  const pin = (at: { lat: number; lng: number }) => setPosition({ ...at, precision: 'point' });
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
      {/* Before the picker's own fields of the same names: the form reads the first. */}
      <input type="hidden" name="lat" value={position?.lat ?? ''} />
      <input type="hidden" name="lng" value={position?.lng ?? ''} />
      <input type="hidden" name="precision" value={position?.precision ?? ''} />
      {place ? (
        <Field label="Address" name="address" defaultValue={place.address ?? ''} maxLength={500} />
      ) : !canPickPlace ? (
        <p className="text-xs text-stone-600">Remote as proposed: give your email below to set a place instead.</p>
      ) : (
        <div data-testid="claim-place-picker">
          <PlacePicker
            initial={null}
            label="Place (optional: the agent proposed a remote task)"
            onChange={(picked) => setPosition(picked && { lat: picked.lat, lng: picked.lng, precision: 'city' })}
          />
        </div>
      )}
      {position && (
        <>
          <p className="text-xs text-stone-600">Click the map to {place ? 'move the place' : 'pin the exact spot'}.</p>
          <TaskMapLazy
            markers={[
              {
                lat: position.lat,
                lng: position.lng,
                kind: 'task',
                label: position.precision === 'city' ? 'The city’s centre' : 'Task place',
              },
            ]}
            tileUrl={tileUrl}
            onPick={pin}
            testId="claim-map"
            label="Map of the task’s place; click to move it"
          />
        </>
      )}
      <SubmitButton>Save changes</SubmitButton>
    </ActionForm>
  );
}
