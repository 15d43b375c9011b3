import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { text, timestamp } from './common';
import { userSchema } from './users';

/** The secret from an emailed link (the last path segment of `/verify-email/…` or `/reset-password/…`). */
export const emailLinkTokenSchema = text(200)
  .min(1, { message: 'Must not be empty' })
  .describe('The token from the emailed link: its last path segment.');

export const verifyEmailOperation = defineOperation({
  method: 'POST',
  path: '/v1/users/me/email/verify',
  operationId: 'verifyEmail',
  summary: 'Verify your email',
  description:
    'Uses up a verification link sent to the caller (every new account gets one, valid 24 hours) and marks the ' +
    'email verified; only a verified email listed in ADMIN_EMAILS holds the admin role. Another user’s link is ' +
    'unknown here; the page the link opens (`/verify-email/<token>`) verifies with the token alone.',
  tags: ['Users'],
  auth: 'session',
  rateLimit: 'default',
  body: z.strictObject({ token: emailLinkTokenSchema }),
  response: userSchema,
  errors: ['EMAIL_LINK_NOT_FOUND', 'EMAIL_LINK_EXPIRED', 'EMAIL_LINK_USED'],
});

export const resendVerificationEmailOperation = defineOperation({
  method: 'POST',
  path: '/v1/users/me/email/resend',
  operationId: 'resendVerificationEmail',
  summary: 'Send a new verification link',
  description:
    'Emails the caller a new verification link (valid 24 hours; earlier links keep working). At most 3 an hour per ' +
    'user; 409 when the email is verified already.',
  tags: ['Users'],
  auth: 'session',
  rateLimit: 'default',
  response: z.object({
    sentTo: z.string().describe('The address the link was sent to.'),
    expiresAt: timestamp,
  }),
  successStatus: 202,
  errors: ['EMAIL_ALREADY_VERIFIED'],
});
