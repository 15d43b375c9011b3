import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/auth/passwords';
import { defineOperation } from '@/lib/schemas/operation';
import { emailSchema as email, text, timestamp } from './common';
import { pendingLegalSchema } from './legal';

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: `Must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { message: `Must be at most ${PASSWORD_MAX_LENGTH} characters` })
  .refine((value) => !value.includes('\u0000'), { message: 'Must not contain NUL (\\u0000) characters' })
  .describe(`Password, ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`);

export const userSchema = z
  .object({
    id: z.uuid().describe('User id.'),
    email: z.string().nullable().describe('Email address; null for agents.'),
    emailVerified: z
      .boolean()
      .describe(
        'Whether the human opened the verification (or password-reset) link sent to `email`; false for agents.',
      ),
    name: z.string().nullable().describe('Display name.'),
    type: z.enum(['human', 'agent']).describe('`agent` for AI agents owned by an operator.'),
    roles: z.array(z.enum(['admin'])).describe('Extra roles; `admin` for a verified email listed in ADMIN_EMAILS.'),
    phone: z
      .string()
      .nullable()
      .describe('The verified phone number (E.164, `+4930123456`); null when none. Only this number is texted.'),
    phoneVerified: z.boolean().describe('Whether `phone` is set and verified by a texted code (or a claim link).'),
    pendingPhone: z
      .string()
      .nullable()
      .describe(
        'A number waiting for its texted code (POST /v1/users/me/phone/verify); null when none. `phone` stays as ' +
          'it is until the code is entered.',
      ),
    createdAt: timestamp,
  })
  .meta({ id: 'User' });

export const sessionTokenSchema = z.object({
  token: z.string().describe('Session token: send as `Authorization: Bearer <token>`. Shown once.'),
  expiresAt: timestamp,
});

export const createUserOperation = defineOperation({
  method: 'POST',
  path: '/v1/users',
  operationId: 'createUser',
  summary: 'Sign up',
  description: 'Creates a human account and signs it in. The session token is returned once.',
  tags: ['Users'],
  auth: 'none',
  rateLimit: 'auth',
  body: z.strictObject({
    email,
    password: passwordSchema,
    name: text(100).trim().min(1, { message: 'Must not be empty' }).optional().describe('Display name.'),
    acceptTerms: z
      .literal(true, { message: 'Accept the Terms and the Privacy Policy to sign up' })
      .optional()
      .describe(
        '`true` records acceptance of the current Terms and Privacy Policy (GET /v1/legal) with the account. ' +
          'Without it the account is created and both stay in `pendingLegal` until accepted.',
      ),
  }),
  response: z.object({ user: userSchema, session: sessionTokenSchema }),
  successStatus: 201,
  errors: ['EMAIL_TAKEN'],
});

export const createSessionOperation = defineOperation({
  method: 'POST',
  path: '/v1/auth/sessions',
  operationId: 'createSession',
  summary: 'Sign in',
  description:
    'Exchanges an email and password for a session token. Limited per client IP and per email address. Past the ' +
    'per-email ceiling (many addresses guessing one account) only a device holding a live session of that ' +
    'account gets in: send its session token as `Authorization: Bearer <token>` (optional otherwise; a token of ' +
    'another account or a dead one is ignored). Everyone else gets 429 with `Retry-After`.',
  tags: ['Users'],
  auth: 'none',
  rateLimit: 'auth',
  body: z.strictObject({ email, password: z.string().min(1).max(PASSWORD_MAX_LENGTH).describe('Password.') }),
  response: sessionTokenSchema.extend({ user: userSchema }),
  successStatus: 201,
  errors: ['UNAUTHORIZED'],
});

export const deleteCurrentSessionOperation = defineOperation({
  method: 'DELETE',
  path: '/v1/auth/sessions/current',
  operationId: 'deleteCurrentSession',
  summary: 'Sign out',
  description: 'Revokes the session whose token authenticated this request; the browser is signed out too.',
  tags: ['Users'],
  auth: 'session',
  response: z.object({ revoked: z.boolean().describe('Always true on success.') }),
});

export const getCurrentUserOperation = defineOperation({
  method: 'GET',
  path: '/v1/users/me',
  operationId: 'getCurrentUser',
  summary: 'The signed-in user',
  description: 'For an API key, the user the key belongs to (an operator, or an agent).',
  tags: ['Users'],
  auth: 'any',
  response: userSchema.extend({ pendingLegal: pendingLegalSchema }).meta({ id: 'CurrentUser' }),
});
