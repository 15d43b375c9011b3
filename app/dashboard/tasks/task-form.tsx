'use client';

import Link from 'next/link';
import { type FormEvent, type KeyboardEvent, useEffect, useState, useTransition } from 'react';
import { type PickedPlace, PlacePicker } from '@/components/place-picker';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { formatCategory } from '@/lib/format/category';
import { formatMoney } from '@/lib/format/money';
import { PROOF_REQUIREMENTS, PROPOSAL_DEFAULTS, priceTask, TASK_CATEGORIES } from '@/lib/tasks/task-rules';
import { CoverageHere } from './coverage-here';
import { PinMap } from './pin-map';
import { ProofChecksFields } from './proof-checks-fields';
import { createTaskFromForm, type TaskFormIntent, type TaskFormResult, updateDraftFromForm } from './task-form-actions';
import { DEFAULT_PROOF_CHECKS, dollarsToCents, TASK_FORM_FIELDS, type TaskFormValues } from './task-form-body';
import { FieldError, Row } from './task-form-row';

/** What the form starts with: empty for a new task, the draft's values when editing one. */
export type TaskFormInitial = Omit<TaskFormValues, 'place' | 'deadline'> & {
  /** `pinned`: the requester placed it on the map (the exact spot), not just the city's centre. */
  place: (PickedPlace & { pinned?: boolean }) | null;
  /** ISO; shown in the viewer's time zone. */
  deadline: string;
};

export const EMPTY_TASK_FORM: TaskFormInitial = {
  title: '',
  description: '',
  category: PROPOSAL_DEFAULTS.category,
  place: null,
  address: '',
  budget: '',
  deadline: '',
  skills: '',
  proofRequirements: [],
  instructions: '',
  proofChecks: DEFAULT_PROOF_CHECKS,
};

const PROOF_LABELS: Record<(typeof PROOF_REQUIREMENTS)[number], string> = {
  photo: 'Photo',
  gps: 'GPS position (within 500 m of a pinned place)',
  text: 'Written note',
  receipt: 'Photo of a receipt',
};

/** Where a new task's typed fields wait while the person adds a card. */
const PENDING_KEY = 'legwork:new-task';

/** An ISO instant as a `datetime-local` value in the viewer's zone ("" for none). */
function localInput(iso: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value, read in the viewer's zone, as ISO ("" for none or not a date). */
function isoOf(local: string): string {
  if (!local) return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** A form that does one thing with the task instead of saving or posting it (staff converting an SMS intake). */
export type TaskFormSubmit = { label: string; action: (values: TaskFormValues) => Promise<TaskFormResult> };

/**
 * The "New task" form, and the same form prefilled to edit a draft (`taskId`), or to hand the task to another
 * action (`submit`: one button, no card). Its fields are kept in state, so nothing typed is lost when the API
 * refuses a field or the card cannot pay; errors show beside the field they name. The fee and total follow the
 * budget as it is typed (priceTask, the API's rule).
 */
export function TaskForm({
  initial,
  taskId,
  submit: custom,
  tileUrl = '',
}: {
  initial: TaskFormInitial;
  taskId?: string;
  submit?: TaskFormSubmit;
  /** MAP_TILE_URL, for the map the pin is dropped on. */
  tileUrl?: string;
}) {
  const [values, setValues] = useState<TaskFormInitial>(initial);
  // The deadline is read in the browser's zone, after hydration (the server's zone is not the viewer's).
  const [deadline, setDeadline] = useState('');
  const [pickerKey, setPickerKey] = useState(0);
  // What the place field holds: text typed but never picked is refused, not silently posted as remote.
  const [placeText, setPlaceText] = useState(initial.place?.city ?? '');
  const [result, setResult] = useState<TaskFormResult>({});
  const [pending, startTransition] = useTransition();
  useEffect(() => {
    let start = initial;
    if (!taskId && new URLSearchParams(window.location.search).has('resume')) {
      const saved = window.sessionStorage.getItem(PENDING_KEY);
      if (saved) {
        start = { ...initial, ...(JSON.parse(saved) as TaskFormInitial) };
        setValues(start);
        setPlaceText(start.place?.city ?? '');
        setPickerKey((key) => key + 1);
      }
    }
    setDeadline(localInput(start.deadline));
  }, [initial, taskId]);

  const set = <K extends keyof TaskFormInitial>(key: K, value: TaskFormInitial[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const cents = dollarsToCents(values.budget);
  const price = cents === null ? null : priceTask(cents);
  const errors = result.errors ?? {};

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent: TaskFormIntent = submitter?.value === 'post' ? 'post' : 'draft';
    if (placeText.trim() && !values.place) {
      setResult({ errors: { place: 'Pick the city from the list, or clear the field for a remote task.' } });
      return;
    }
    const sent: TaskFormValues = { ...values, deadline: isoOf(deadline) };
    startTransition(async () => {
      const outcome = custom
        ? await custom.action(sent)
        : taskId
          ? await updateDraftFromForm(taskId, sent, intent)
          : await createTaskFromForm(sent, intent);
      if (outcome.needsCard && !taskId) window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(sent));
      if (!outcome.needsCard && !outcome.errors) window.sessionStorage.removeItem(PENDING_KEY);
      setResult(outcome);
    });
  };
  const back = taskId ? `/dashboard/tasks/${taskId}/edit` : '/dashboard/tasks/new?resume=1';

  return (
    <form onSubmit={submit} onKeyDown={noEnterSubmit} noValidate className="space-y-4" data-testid="task-form">
      <Row field="title" error={errors.title}>
        {(props) => (
          <input
            {...props}
            value={values.title}
            onChange={(event) => set('title', event.target.value)}
            maxLength={200}
            required
          />
        )}
      </Row>
      <Row field="description" error={errors.description} hint="What should the worker do? Workers see this.">
        {(props) => (
          <textarea
            {...props}
            rows={4}
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
          />
        )}
      </Row>
      <Row field="category" error={errors.category}>
        {(props) => (
          <select {...props} value={values.category} onChange={(event) => set('category', event.target.value)}>
            {TASK_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {formatCategory(category)}
              </option>
            ))}
          </select>
        )}
      </Row>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">Where</legend>
        <PlacePicker
          key={pickerKey}
          label="Place (city)"
          initial={values.place}
          onChange={(place) => set('place', place)}
          onTyped={setPlaceText}
        />
        <FieldError id="place-error" error={errors.place} />
        <p className="text-xs text-stone-500">Leave it empty for a task done remotely.</p>
        {values.place && (
          <PinMap
            place={values.place}
            tileUrl={tileUrl}
            onPin={(position) => set('place', values.place && { ...values.place, ...position, pinned: true })}
          />
        )}
        <Row field="address" error={errors.address} hint="Street and number, a meeting point: optional.">
          {(props) => (
            <input
              {...props}
              value={values.address}
              onChange={(event) => set('address', event.target.value)}
              maxLength={500}
            />
          )}
        </Row>
        <CoverageHere place={values.place} category={values.category} skills={values.skills} />
      </fieldset>

      <Row field="budget" label="Budget: what the worker earns ($)" error={errors.budget}>
        {(props) => (
          <input
            {...props}
            inputMode="decimal"
            placeholder="25.00"
            value={values.budget}
            onChange={(event) => set('budget', event.target.value)}
          />
        )}
      </Row>
      <dl
        className="grid grid-cols-3 gap-2 rounded-md bg-stone-50 p-3 text-sm"
        data-testid="task-price"
        aria-live="polite"
      >
        <div>
          <dt className="text-stone-500">Worker earns</dt>
          <dd data-testid="price-budget">{price ? formatMoney(price.budgetCents) : '—'}</dd>
        </div>
        <div>
          <dt className="text-stone-500">Platform fee</dt>
          <dd data-testid="price-fee">{price ? formatMoney(price.platformFeeCents) : '—'}</dd>
        </div>
        <div>
          <dt className="text-stone-500">You pay</dt>
          <dd className="font-medium" data-testid="price-total">
            {price ? formatMoney(price.totalCents) : '—'}
          </dd>
        </div>
      </dl>

      <Row
        field="deadline"
        error={errors.deadline}
        hint={`In your time zone. Optional: ${PROPOSAL_DEFAULTS.deadlineDays} days from now if left empty.`}
      >
        {(props) => (
          <input
            {...props}
            type="datetime-local"
            value={deadline}
            onChange={(event) => setDeadline(event.target.value)}
          />
        )}
      </Row>
      <Row
        field="acceptWithin"
        error={errors.acceptWithin}
        hint="Optional. If no worker has accepted within this many minutes of posting, the task is cancelled and fully refunded."
      >
        {(props) => (
          <input
            {...props}
            inputMode="numeric"
            value={values.acceptWithin ?? ''}
            onChange={(event) => set('acceptWithin', event.target.value)}
          />
        )}
      </Row>
      <Row field="skills" label="Skills (comma-separated)" error={errors.skills}>
        {(props) => <input {...props} value={values.skills} onChange={(event) => set('skills', event.target.value)} />}
      </Row>
      <fieldset
        className="space-y-1 text-sm"
        aria-describedby={errors.proofRequirements ? 'proofRequirements-error' : undefined}
      >
        <legend className="text-stone-700">{TASK_FORM_FIELDS.proofRequirements}</legend>
        {PROOF_REQUIREMENTS.map((requirement) => (
          <label key={requirement} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={values.proofRequirements.includes(requirement)}
              onChange={(event) =>
                set(
                  'proofRequirements',
                  event.target.checked
                    ? [...values.proofRequirements, requirement]
                    : values.proofRequirements.filter((item) => item !== requirement),
                )
              }
            />
            {PROOF_LABELS[requirement]}
          </label>
        ))}
        <FieldError id="proofRequirements-error" error={errors.proofRequirements} />
      </fieldset>
      <ProofChecksFields
        values={values.proofChecks ?? DEFAULT_PROOF_CHECKS}
        errors={errors}
        onChange={(checks) => set('proofChecks', checks)}
      />
      <Row
        field="instructions"
        error={errors.instructions}
        hint="Only the worker who accepts the task sees these (door codes, a contact)."
      >
        {(props) => (
          <textarea
            {...props}
            rows={3}
            value={values.instructions}
            onChange={(event) => set('instructions', event.target.value)}
          />
        )}
      </Row>

      <Notice tone="error">{errors.form}</Notice>
      {result.needsCard && (
        <div role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="needs-card">
          <p className="font-medium">Add a card to post this task.</p>
          <p>
            {result.needsCard} {taskId ? 'Your draft is saved. ' : 'Everything you typed is kept. '}
            <Link className="underline" href={`/dashboard/payments?next=${encodeURIComponent(back)}`}>
              Add a card
            </Link>
            , then come back here to post it.
          </p>
        </div>
      )}
      {custom ? (
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : custom.label}
        </Button>
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="post" disabled={pending}>
            {pending ? 'Saving…' : price ? `Pay ${formatMoney(price.totalCents)} and post` : 'Pay and post'}
          </Button>
          <Button type="submit" name="intent" value="draft" variant="secondary" disabled={pending}>
            {taskId ? 'Save draft' : 'Save as draft'}
          </Button>
        </div>
      )}
    </form>
  );
}

/**
 * Enter in a text field does not submit: the form's first button pays, and money never moves on a stray Enter
 * (the place picker's Enter picks a suggestion). Buttons and text areas keep their Enter.
 */
function noEnterSubmit(event: KeyboardEvent<HTMLFormElement>) {
  const target = event.target as HTMLElement;
  if (event.key === 'Enter' && target instanceof HTMLInputElement && target.type !== 'checkbox') event.preventDefault();
}
