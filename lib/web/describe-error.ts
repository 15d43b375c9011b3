import { z } from 'zod';
import { ApiError, type ValidationIssue } from '@/lib/errors/api-error';

/**
 * How one form names the API's fields: an issue path ('hourlyRateCents', 'location.lat', or a prefix such as
 * 'location') → the form control's `name`, a label a person reads, and, where the API's words would mislead
 * (a rule in cents on a field in dollars), the message to show instead.
 */
export type FormFieldMap = Record<string, { field: string; label: string; message?: string }>;

/** What a form action returns on failure: a one-line summary, and a message per form field it names. */
export type FormErrors = { error: string; fieldErrors?: Record<string, string> };

/** The issues of a ZodError or of an ApiError (a 400 VALIDATION_ERROR), with their paths as strings. */
function issuesOf(error: unknown): ValidationIssue[] | undefined {
  if (error instanceof z.ZodError)
    return error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }));
  if (error instanceof ApiError) return error.issues;
  return undefined;
}

/** Zod's own wording ("Invalid input: expected string, received undefined") said plainly. */
export function plainMessage(message: string): string {
  if (/received (undefined|null)$/.test(message)) return 'Required';
  if (message.startsWith('Invalid input: expected number')) return 'Must be a number';
  if (message.startsWith('Invalid input')) return 'Not a valid value';
  if (message.startsWith('Unrecognized key')) return 'Not a field this form sends';
  return message;
}

/** The entry of `fields` for an issue path: the whole path, else its longest mapped prefix. */
function entryFor(path: string[], fields: FormFieldMap) {
  for (let length = path.length; length > 0; length -= 1) {
    const entry = fields[path.slice(0, length).join('.')];
    if (entry) return entry;
  }
  return undefined;
}

/**
 * Maps validation issues to the form's fields (the first message per field wins). Issues no field takes are
 * returned as plain messages for the summary; internal names never reach the page.
 */
export function fieldErrorsOf(
  issues: ValidationIssue[],
  fields: FormFieldMap,
): { fieldErrors: Record<string, string>; labels: string[]; unplaced: string[] } {
  const fieldErrors: Record<string, string> = {};
  const labels: string[] = [];
  const unplaced: string[] = [];
  for (const issue of issues) {
    const entry = entryFor(issue.path, fields);
    if (!entry) {
      unplaced.push(plainMessage(issue.message));
      continue;
    }
    if (entry.field in fieldErrors) continue;
    fieldErrors[entry.field] = entry.message ?? plainMessage(issue.message);
    labels.push(entry.label);
  }
  return { fieldErrors, labels, unplaced };
}

/**
 * A form's error state: each issue under the field it names (per `fields`), and a one-line summary for the
 * form's notice. Errors without issues give their message; anything but a ZodError or ApiError is rethrown.
 */
export function describeFormError(error: unknown, fields: FormFieldMap = {}): FormErrors {
  const issues = issuesOf(error);
  if (issues && issues.length > 0) {
    const { fieldErrors, labels, unplaced } = fieldErrorsOf(issues, fields);
    const parts = [...(labels.length > 0 ? [`Check ${labels.join(', ')}`] : []), ...unplaced];
    const error = `${parts.join('. ')}.`.replace(/\.\.$/, '.');
    return labels.length > 0 ? { error, fieldErrors } : { error };
  }
  if (error instanceof z.ZodError) return { error: 'Some fields are not valid.' };
  if (error instanceof ApiError) {
    return { error: error.code === 'VALIDATION_ERROR' ? 'Some fields are not valid.' : error.message };
  }
  throw error;
}

/** An API path said in words: ['location', 'lat'] → "Location lat", 'hourlyRateCents' → "Hourly rate cents". */
function humanPath(path: string[]): string {
  const words = path
    .join(' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words ? words[0]?.toUpperCase() + words.slice(1) : 'Input';
}

/** One validation issue in words: "Note: Add a note or at least one photo". */
export function issueInWords(issue: { path: string[]; message: string }): string {
  return `${humanPath(issue.path)}: ${plainMessage(issue.message)}`;
}

/** A one-line message for a form without a field map: its first issue in words, or an ApiError's message. */
export function describeActionError(error: unknown): string {
  const issue = issuesOf(error)?.[0];
  if (issue) return issueInWords(issue);
  return describeFormError(error).error;
}
