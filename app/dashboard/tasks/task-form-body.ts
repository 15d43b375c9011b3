// The "New task" / "Edit draft" form (app/dashboard/tasks/task-form.tsx) as the task API reads it: its values
// mapped to the body of POST /v1/tasks and PATCH /v1/tasks/{id}, and the API's validation issues mapped back to
// the field they name, in plain words. Pure: no server imports (zod and ApiError are plain modules).
import { z } from 'zod';
import { ApiError } from '@/lib/errors/api-error';
import { formatMoney } from '@/lib/format/money';
import {
  DEFAULT_AUTO_APPROVE_AFTER_MINUTES,
  DEFAULT_PROOF_RADIUS_METERS,
  MAX_AUTO_APPROVE_AFTER_MINUTES,
  MAX_PROOF_RADIUS_METERS,
  MIN_PROOF_RADIUS_METERS,
  type RequirableCheck,
} from '@/lib/tasks/proof-verification';
import { MAX_ACCEPT_WITHIN_MINUTES } from '@/lib/tasks/task-rules';

/** What the form holds. The deadline is already an ISO instant (the browser read it in the viewer's zone). */
export type TaskFormValues = {
  title: string;
  description: string;
  category: string;
  /**
   * A city picked from the gazetteer (its centre), or the exact spot once the requester `pinned` it on the map.
   * `city` names the place when no address is typed.
   */
  place: { lat: number; lng: number; city?: string; pinned?: boolean } | null;
  address: string;
  /** Dollars as typed: "25" or "25.50". */
  budget: string;
  deadline: string;
  /** Minutes as typed: a worker must accept within them of posting, or the task is cancelled and refunded. */
  acceptWithin?: string;
  /** Comma-separated. */
  skills: string;
  proofRequirements: string[];
  instructions: string;
  /** The "Proof checks" section; absent (an intake's prefill) means the defaults. */
  proofChecks?: ProofCheckValues;
};

/** The task's proof settings as the form holds them: numbers as typed. */
export type ProofCheckValues = {
  /** Metres. */
  radius: string;
  requiredChecks: RequirableCheck[];
  autoApprove: boolean;
  /** Minutes after a passed submission. */
  autoApproveAfter: string;
};

export const DEFAULT_PROOF_CHECKS: ProofCheckValues = {
  radius: String(DEFAULT_PROOF_RADIUS_METERS),
  requiredChecks: [],
  autoApprove: false,
  autoApproveAfter: String(DEFAULT_AUTO_APPROVE_AFTER_MINUTES),
};

/** The form's fields, by the name its errors are keyed with. */
export const TASK_FORM_FIELDS = {
  title: 'Title',
  description: 'Description',
  category: 'Category',
  place: 'Place',
  address: 'Address',
  budget: 'Budget',
  deadline: 'Deadline',
  acceptWithin: 'Accept within (minutes)',
  skills: 'Skills',
  proofRequirements: 'Proof required',
  instructions: 'Private instructions',
  proofRadius: 'Radius (metres)',
  requiredChecks: 'Required checks',
  autoApprove: 'Approve automatically',
  autoApproveAfter: 'Delay (minutes)',
} as const;
export type TaskFormField = keyof typeof TASK_FORM_FIELDS;
export type TaskFormErrors = Partial<Record<TaskFormField | 'form', string>>;

/** Dollars as typed → cents; null when it is not an amount. */
export function dollarsToCents(typed: string): number | null {
  const trimmed = typed.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

const skillsOf = (typed: string) =>
  typed
    .split(',')
    .map((skill) => skill.trim())
    .filter(Boolean);

/**
 * The task body the API validates. An empty optional text is left out of a new task and cleared on an edit;
 * no place is a remote task (`location: null`); a budget that is not an amount is sent as it is typed, so the
 * API's own rule refuses it (and taskFormErrors says so in words).
 */
export function taskFormBody(values: TaskFormValues, { edit = false } = {}): Record<string, unknown> {
  const optional = (value: string) => (value.trim() ? value.trim() : edit ? '' : undefined);
  const cents = dollarsToCents(values.budget);
  const address = values.address.trim() || values.place?.city?.trim();
  return {
    title: values.title,
    description: optional(values.description),
    category: values.category || undefined,
    location: values.place
      ? {
          lat: values.place.lat,
          lng: values.place.lng,
          ...(address && { address }),
          precision: values.place.pinned ? 'point' : 'city',
        }
      : null,
    budgetCents: cents ?? (values.budget.trim() ? values.budget : undefined),
    deadline: values.deadline || undefined,
    // Left empty on an edit: the guarantee is cleared (`acceptBy: null` clears both).
    ...(values.acceptWithin?.trim()
      ? { acceptWithinMinutes: wholeOr(values.acceptWithin) }
      : edit && { acceptBy: null }),
    requiredSkills: skillsOf(values.skills),
    proofRequirements: values.proofRequirements,
    instructions: optional(values.instructions),
    ...proofChecksBody(values.proofChecks ?? DEFAULT_PROOF_CHECKS),
  };
}

/** A whole number as typed, or the text itself for the API to refuse in its own words. */
const wholeOr = (typed: string) => (/^\s*\d+\s*$/.test(typed) ? Number(typed) : typed.trim() || undefined);

/** The proof settings' part of the body: the radius, the checks a submission must pass, when to approve alone. */
export function proofChecksBody(checks: ProofCheckValues) {
  return {
    proofRadiusMeters: wholeOr(checks.radius),
    requiredChecks: checks.requiredChecks,
    autoApprove: checks.autoApprove ? ('when_passed' as const) : ('never' as const),
    autoApproveAfterMinutes: wholeOr(checks.autoApproveAfter),
  };
}

/** Which form field an API body path names. */
const fieldOfPath: Record<string, TaskFormField> = {
  title: 'title',
  description: 'description',
  category: 'category',
  location: 'place',
  budgetCents: 'budget',
  deadline: 'deadline',
  acceptWithinMinutes: 'acceptWithin',
  acceptBy: 'acceptWithin',
  requiredSkills: 'skills',
  proofRequirements: 'proofRequirements',
  instructions: 'instructions',
  proofRadiusMeters: 'proofRadius',
  requiredChecks: 'requiredChecks',
  autoApprove: 'autoApprove',
  autoApproveAfterMinutes: 'autoApproveAfter',
};

const centsAsDollars = (cents: string) => formatMoney(Number(cents));

/** An issue's message in the form's words: dollars not cents, no API field names, no "Invalid input" jargon. */
function plainMessage(field: TaskFormField, path: (string | number)[], message: string): string {
  if (path[0] === 'location' && path[1] === 'address') return message;
  // Whatever zod says of a number out of range or typed as words, the rule itself is clearer.
  if (field === 'proofRadius')
    return `Enter a distance in metres, ${MIN_PROOF_RADIUS_METERS} to ${MAX_PROOF_RADIUS_METERS}`;
  if (field === 'autoApproveAfter') return `Enter minutes, 0 to ${MAX_AUTO_APPROVE_AFTER_MINUTES}`;
  if (field === 'acceptWithin') {
    return `Enter minutes, 1 to ${MAX_ACCEPT_WITHIN_MINUTES.toLocaleString('en-US')}, or leave it empty`;
  }
  if (/^Invalid (input|option)/.test(message) || message === 'Required') {
    if (field === 'budget') return 'Enter the worker’s pay in dollars, e.g. 25';
    if (field === 'deadline') return 'Pick a date and time';
    if (field === 'category') return 'Pick a category from the list';
    if (field === 'place') return 'Pick a place from the list, or leave it empty for a remote task';
    if (field === 'proofRequirements') return 'Pick proof types from the list';
    return 'Required';
  }
  if (field === 'budget') {
    return message
      .replace(/(\d+) cents/, (_all, cents: string) => centsAsDollars(cents))
      .replace('a whole number of cents', 'an amount in dollars and cents');
  }
  if (field === 'title' && /at least 1 character/.test(message)) return 'Give the task a title';
  if (field === 'proofRequirements' && /gps/.test(message)) {
    return 'GPS proof needs a place: pick one, or untick GPS for a remote task';
  }
  return message.replace(/`([^`]*)`/g, '$1');
}

/**
 * The API's `issues` as errors beside the form's fields: the first issue per field wins, an issue naming no field
 * of the form goes to `form`.
 */
export function taskFormErrors(issues: { path: (string | number)[]; message: string }[]): TaskFormErrors {
  const errors: TaskFormErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    const field: TaskFormField | undefined =
      issue.path[0] === 'location' && issue.path[1] === 'address' ? 'address' : fieldOfPath[key];
    if (field) {
      errors[field] ??= plainMessage(field, issue.path, issue.message);
    } else {
      errors.form ??= issue.message.replace(/`([^`]*)`/g, '$1');
    }
  }
  return errors;
}

/**
 * A refused submit as errors beside the fields: a zod parse's or the API's issues, else the API's message. Null
 * for anything else (a card refusal, a bug), which the caller handles.
 */
export function refusalErrors(error: unknown): TaskFormErrors | null {
  if (error instanceof z.ZodError) {
    return taskFormErrors(error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })));
  }
  if (error instanceof ApiError) return error.issues?.length ? taskFormErrors(error.issues) : { form: error.message };
  return null;
}
