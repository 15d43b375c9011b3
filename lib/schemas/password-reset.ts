import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { emailSchema } from './common';
import { emailLinkTokenSchema } from './email-verification';
import { passwordSchema } from './users';

export const requestPasswordResetOperation = defineOperation({
  method: 'POST',
  path: '/v1/auth/password-reset',
  operationId: 'requestPasswordReset',
  summary: 'Ask for a password-reset link',
  description:
    'Always 202, whether or not the address has an account, so the answer tells nothing. For a human account it ' +
    'emails a single-use link valid 1 hour (at most 3 an hour per address). Limited per client IP too.',
  tags: ['Users'],
  auth: 'none',
  rateLimit: 'auth',
  body: z.strictObject({ email: emailSchema }),
  response: z.object({ accepted: z.literal(true).describe('Always true: the request was taken.') }),
  successStatus: 202,
});

export const confirmPasswordResetOperation = defineOperation({
  method: 'POST',
  path: '/v1/auth/password-reset/confirm',
  operationId: 'confirmPasswordReset',
  summary: 'Set a new password from a reset link',
  description:
    'Uses up the link, sets the password, marks the email verified (the link reached it) and takes the account ' +
    'back: every session (browsers included), every API key of the account and its agents and every unclaimed ' +
    'claim code are revoked, its and its agents’ webhook endpoints disabled, and the owner is emailed what was ' +
    'removed. Sign in again with POST /v1/auth/sessions.',
  tags: ['Users'],
  auth: 'none',
  rateLimit: 'auth',
  body: z.strictObject({ token: emailLinkTokenSchema, password: passwordSchema }),
  response: z.object({
    passwordReset: z.literal(true).describe('Always true on success.'),
    sessionsRevoked: z.number().int().describe('How many sessions were signed out.'),
  }),
  errors: ['EMAIL_LINK_NOT_FOUND', 'EMAIL_LINK_EXPIRED', 'EMAIL_LINK_USED'],
});
