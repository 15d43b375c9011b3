import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '@/lib/auth/passwords';
import { defineOperation } from '@/lib/schemas/operation';
import { text } from './common';
import { passwordSchema, userSchema } from './users';

export const updateCurrentUserOperation = defineOperation({
  method: 'PATCH',
  path: '/v1/users/me',
  operationId: 'updateCurrentUser',
  summary: 'Update your account',
  description:
    'Changes the display name of the signed-in human. Omitted fields stay unchanged; `null` clears the name.',
  tags: ['Users'],
  auth: 'session',
  body: z.strictObject({
    name: text(100)
      .trim()
      .min(1, { message: 'Must not be empty' })
      .nullable()
      .optional()
      .describe('Display name shown to workers and requesters.'),
  }),
  response: userSchema,
});

export const changePasswordOperation = defineOperation({
  method: 'PUT',
  path: '/v1/users/me/password',
  operationId: 'changePassword',
  summary: 'Change your password',
  description:
    'Sets a new password after checking the current one (an account created on the claim page without a password ' +
    'may omit it). Every other session of the account is signed out; the one making the request stays.',
  tags: ['Users'],
  auth: 'session',
  body: z.strictObject({
    currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional().describe('The password in use now.'),
    password: passwordSchema,
  }),
  response: z.object({
    changed: z.literal(true).describe('Always true on success.'),
    otherSessionsRevoked: z.number().int().describe('How many other sessions were signed out.'),
  }),
});
