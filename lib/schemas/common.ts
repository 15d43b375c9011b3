import { z } from 'zod';

/** Free text: Postgres cannot store NUL characters, so they are refused up front with a clear message. */
export const text = (max: number) =>
  z
    .string()
    .max(max, { message: `Must be at most ${max} characters` })
    .refine((value) => !value.includes('\u0000'), { message: 'Must not contain NUL (\\u0000) characters' });

export const emailSchema = z
  .string()
  .trim()
  .max(254, { message: 'Must be at most 254 characters' })
  .pipe(z.email({ message: 'Must be a valid email address' }))
  .transform((value) => value.toLowerCase())
  .describe('Email address; compared case-insensitively.');

export const timestamp = z.string().describe('ISO-8601 timestamp (UTC).');
