import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, validationError } from '@/lib/errors/api-error';
import { workerProfileInput } from '@/lib/schemas/workers';
import { describeActionError, describeFormError, type FormFieldMap, fieldErrorsOf } from './describe-error';

const FIELDS: FormFieldMap = {
  hourlyRateCents: { field: 'hourlyRate', label: 'Hourly rate', message: 'Must be between $1.00 and $1,000.00' },
  location: { field: 'city', label: 'City' },
  headline: { field: 'headline', label: 'Headline' },
};

describe('issues → fieldErrors', () => {
  it('maps an API path to the form field, with the override message where one is given', () => {
    const { fieldErrors, labels, unplaced } = fieldErrorsOf(
      [
        { path: ['hourlyRateCents'], message: 'Must be at least 100' },
        { path: ['headline'], message: 'Must not be empty' },
      ],
      FIELDS,
    );
    expect(fieldErrors).toEqual({ hourlyRate: 'Must be between $1.00 and $1,000.00', headline: 'Must not be empty' });
    expect(labels).toEqual(['Hourly rate', 'Headline']);
    expect(unplaced).toEqual([]);
  });

  it('maps a nested path by its longest mapped prefix, and keeps the first message per field', () => {
    const { fieldErrors } = fieldErrorsOf(
      [
        { path: ['location', 'lat'], message: 'Must be between -90 and 90' },
        { path: ['location', 'lng'], message: 'Must be between -180 and 180' },
      ],
      FIELDS,
    );
    expect(fieldErrors).toEqual({ city: 'Must be between -90 and 90' });
  });

  it('leaves unmapped issues for the summary, without their internal names', () => {
    const result = describeFormError(
      validationError([{ path: ['defaultRadiusMeters'], message: 'Must be at least 1000' }]),
      FIELDS,
    );
    expect(result).toEqual({ error: 'Must be at least 1000.' });
  });

  it('builds the summary and the field errors from a ZodError', () => {
    const parsed = workerProfileInput.safeParse({ headline: '', hourlyRateCents: 5 });
    expect(parsed.success).toBe(false);
    const result = describeFormError(parsed.error, FIELDS);
    expect(result.fieldErrors).toEqual({
      headline: 'Must not be empty',
      hourlyRate: 'Must be between $1.00 and $1,000.00',
    });
    expect(result.error).toBe('Check Headline, Hourly rate.');
    expect(result.error).not.toMatch(/hourlyRateCents|Invalid request body/);
  });

  it('says zod’s own wording plainly', () => {
    const parsed = z.object({ email: z.string(), count: z.number() }).safeParse({ count: 'x' });
    const result = describeFormError(parsed.error, {
      email: { field: 'email', label: 'Email' },
      count: { field: 'count', label: 'Count' },
    });
    expect(result.fieldErrors).toEqual({ email: 'Required', count: 'Must be a number' });
  });

  it('gives an ApiError without issues its message, and a bare validation error a plain sentence', () => {
    expect(describeFormError(new ApiError('EMAIL_TAKEN'))).toEqual({
      error: 'An account with this email already exists',
    });
    expect(describeFormError(validationError([]))).toEqual({ error: 'Some fields are not valid.' });
    expect(() => describeFormError(new Error('boom'))).toThrow('boom');
  });

  it('describeActionError names the field in words, not by its API name', () => {
    expect(describeActionError(validationError([{ path: ['hourlyRateCents'], message: 'Must be at least 100' }]))).toBe(
      'Hourly rate cents: Must be at least 100',
    );
  });
});
