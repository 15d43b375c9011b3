'use client';

import { Field } from '@/components/ui/field';
import {
  MAX_AUTO_APPROVE_AFTER_MINUTES,
  MAX_PROOF_RADIUS_METERS,
  MIN_PROOF_RADIUS_METERS,
  type RequirableCheck,
} from '@/lib/tasks/proof-verification';
import type { ProofCheckValues, TaskFormErrors } from './task-form-body';

const FLOORS: { check: RequirableCheck; label: string; hint: string }[] = [
  {
    check: 'location',
    label: 'Require the photo’s location to match',
    hint: 'A proof whose photos were not taken within the radius is refused. Needs a pinned place.',
  },
  {
    check: 'in_app_capture',
    label: 'Require photos taken in the app',
    hint: 'Photos picked from a gallery are refused.',
  },
];

/**
 * The New task form's "Proof checks": how close to the place a photo must be, which checks a submission must
 * pass to be accepted at all, and whether a proof that passes every check is approved by itself after a delay.
 */
export function ProofChecksFields({
  values,
  errors,
  onChange,
}: {
  values: ProofCheckValues;
  errors: TaskFormErrors;
  onChange: (values: ProofCheckValues) => void;
}) {
  const set = (change: Partial<ProofCheckValues>) => onChange({ ...values, ...change });
  const toggle = (check: RequirableCheck, on: boolean) =>
    set({
      requiredChecks: on
        ? [...values.requiredChecks.filter((item) => item !== check), check]
        : values.requiredChecks.filter((item) => item !== check),
    });
  return (
    <fieldset className="space-y-3 rounded-md border border-stone-200 p-3 text-sm" data-testid="proof-checks">
      <legend className="px-1 font-medium">Proof checks</legend>
      <p className="text-xs text-stone-500">
        Every photo is checked for where and when it was taken and whether it was used before; you see the result with
        the proof.
      </p>
      <Field
        label="Radius (metres)"
        name="proofRadius"
        type="number"
        inputMode="numeric"
        min={MIN_PROOF_RADIUS_METERS}
        max={MAX_PROOF_RADIUS_METERS}
        step={1}
        value={values.radius}
        onChange={(event) => set({ radius: event.target.value })}
        error={errors.proofRadius}
        hint={`How far from the task’s place a photo may be taken: ${MIN_PROOF_RADIUS_METERS} to ${MAX_PROOF_RADIUS_METERS} m.`}
        className="max-w-56"
      />
      <div className="space-y-2">
        {FLOORS.map((floor) => (
          <label key={floor.check} className="flex items-start gap-2">
            <input
              type="checkbox"
              className="mt-0.5"
              checked={values.requiredChecks.includes(floor.check)}
              onChange={(event) => toggle(floor.check, event.target.checked)}
            />
            <span>
              <span className="text-stone-700">{floor.label}</span>
              <span className="block text-xs text-stone-500">{floor.hint}</span>
            </span>
          </label>
        ))}
        {errors.requiredChecks && (
          <p className="text-sm text-red-700" data-testid="requiredChecks-error">
            {errors.requiredChecks}
          </p>
        )}
      </div>
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          className="mt-0.5"
          checked={values.autoApprove}
          onChange={(event) => set({ autoApprove: event.target.checked })}
        />
        <span>
          <span className="text-stone-700">Approve automatically when every check passes</span>
          <span className="block text-xs text-stone-500">
            A flagged or unverified proof always waits for you (it completes by itself only after 72 hours).
          </span>
        </span>
      </label>
      {values.autoApprove && (
        <Field
          label="Delay (minutes)"
          name="autoApproveAfter"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_AUTO_APPROVE_AFTER_MINUTES}
          step={1}
          value={values.autoApproveAfter}
          onChange={(event) => set({ autoApproveAfter: event.target.value })}
          error={errors.autoApproveAfter}
          hint={`0 to ${MAX_AUTO_APPROVE_AFTER_MINUTES}. Until then you can still ask for a revision or dispute.`}
          className="max-w-56"
        />
      )}
    </fieldset>
  );
}
