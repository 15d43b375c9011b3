'use client';

import { type MouseEvent, useState } from 'react';
import { dollarsToCents } from '@/app/dashboard/tasks/task-form-body';
import { OUTCOME_LABELS } from '@/components/dispute-outcome';
import { ActionForm, type ActionState } from '@/components/ui/action-form';
import { Button } from '@/components/ui/button';
import { Field, FieldNotes, TextAreaField } from '@/components/ui/field';
import { useFieldState } from '@/components/ui/form-state';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatMoney } from '@/lib/format/money';
import { type DisputeOutcome, type DisputeTaskMoney, disputeShares } from '@/lib/tasks/dispute-shares';

const OUTCOMES = Object.keys(OUTCOME_LABELS) as DisputeOutcome[];

/**
 * The admin's decision (POST /v1/disputes/{id}/resolve): an outcome, the worker's part of a split in dollars, and a
 * note both sides read, with a live preview of who gets what and a confirmation before the money moves.
 */
export function ResolveForm({
  action,
  task,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  task: DisputeTaskMoney;
}) {
  return (
    <ActionForm action={action} testId="dispute-resolve-form">
      <ResolveFields task={task} />
    </ActionForm>
  );
}

function ResolveFields({ task }: { task: DisputeTaskMoney }) {
  const [outcome, setOutcome] = useState<DisputeOutcome>();
  const [workerDollars, setWorkerDollars] = useState('');
  const [confirming, setConfirming] = useState(false);
  const outcomeError = useFieldState('outcome').error;
  const shares = outcome ? disputeShares(task, outcome, dollarsToCents(workerDollars)) : undefined;

  function review(event: MouseEvent<HTMLButtonElement>) {
    if (event.currentTarget.form?.reportValidity() && shares?.ok) setConfirming(true);
  }

  return (
    <>
      <fieldset
        aria-label="Outcome"
        className="space-y-1 text-sm"
        aria-describedby={outcomeError ? 'outcome-error' : undefined}
      >
        <legend className="text-stone-700">Outcome</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {OUTCOMES.map((each) => (
            <label key={each} className="flex items-center gap-2">
              <input
                type="radio"
                name="outcome"
                value={each}
                required
                checked={outcome === each}
                onChange={() => {
                  setOutcome(each);
                  setConfirming(false);
                }}
              />
              {OUTCOME_LABELS[each]}
            </label>
          ))}
        </div>
        <FieldNotes id="outcome" error={outcomeError} />
      </fieldset>
      {outcome === 'split' && (
        <Field
          label="Worker gets (USD)"
          name="workerDollars"
          inputMode="decimal"
          required
          pattern="\$?\d+(\.\d{1,2})?"
          hint={`Less than the ${formatMoney(task.budgetCents)} budget; the platform keeps 15% on top of it.`}
          value={workerDollars}
          onChange={(event) => {
            setWorkerDollars(event.target.value);
            setConfirming(false);
          }}
        />
      )}
      <TextAreaField label="Note" name="note" rows={3} maxLength={2_000} required hint="Why: both sides read it." />
      <DisputePreview task={task} outcome={outcome} workerDollars={workerDollars} />
      {confirming && shares?.ok ? (
        <div
          className="space-y-2 rounded-md border border-stone-300 bg-stone-50 p-3 text-sm"
          data-testid="confirmation"
        >
          <p>Resolve the dispute as shown above? The money moves at once; this cannot be undone.</p>
          <div className="flex flex-wrap items-center gap-2">
            <SubmitButton pendingLabel="Resolving…">Yes, resolve</SubmitButton>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <Button onClick={review}>Resolve dispute</Button>
      )}
    </>
  );
}

/** Who gets what under the chosen outcome, recomputed as the admin types (disputeShares, as the service does). */
export function DisputePreview({
  task,
  outcome,
  workerDollars,
}: {
  task: DisputeTaskMoney;
  outcome: DisputeOutcome | undefined;
  workerDollars: string;
}) {
  const shares = outcome ? disputeShares(task, outcome, dollarsToCents(workerDollars)) : undefined;
  return (
    <div className="rounded-md bg-stone-100 px-3 py-2 text-sm" data-testid="dispute-preview" aria-live="polite">
      {!shares ? (
        <p className="text-stone-600">Choose an outcome to see who gets what of the {formatMoney(task.totalCents)}.</p>
      ) : !shares.ok ? (
        <p className="text-red-700">{shares.problem}</p>
      ) : (
        <ul className="space-y-1">
          <li>
            Worker gets <strong data-testid="preview-worker">{formatMoney(shares.workerCents)}</strong>
          </li>
          <li>
            Platform fee <strong data-testid="preview-fee">{formatMoney(shares.feeCents)}</strong>
          </li>
          <li>
            Requester refunded <strong data-testid="preview-refund">{formatMoney(shares.refundCents)}</strong>
          </li>
        </ul>
      )}
    </div>
  );
}
