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

/**
 * Degrees kept to 7 decimals (about 1 cm), for every coordinate a client sends (`.overwrite(roundDegrees)`). Finer
 * is noise, and a subnormal such as 5e-324 made Postgres' float8 arithmetic fail with "value out of range:
 * underflow": a 500 for the request, and for every later search that met the stored point.
 */
export const roundDegrees = (degrees: number) => Math.round(degrees * 1e7) / 1e7;
