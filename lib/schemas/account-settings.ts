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
    'Changes the display name or the phone number of the signed-in human. Omitted fields stay unchanged; `null` ' +
    'clears the name, or removes the phone number (and any code waiting for one). A new `phone` (with its country ' +
    'code) becomes `pendingPhone` and is texted a 6-digit code, valid 10 minutes for 5 tries; `phone` changes ' +
    'only when the code is entered with POST /v1/users/me/phone/verify. At most 5 codes an hour per user and per ' +
    'number; 409 SMS_OPTED_OUT for a number that texted STOP (it texts START to opt back in).',
  tags: ['Users'],
  auth: 'session',
  body: z.strictObject({
    name: text(100)
      .trim()
      .min(1, { message: 'Must not be empty' })
      .nullable()
      .optional()
      .describe('Display name shown to workers and requesters.'),
    phone: text(40)
      .nullable()
      .optional()
      .describe('A mobile number with its country code (`+49 30 1234567`); texted a code to verify it.'),
  }),
  response: userSchema,
  errors: ['SMS_OPTED_OUT'],
});

export const verifyPhoneOperation = defineOperation({
  method: 'POST',
  path: '/v1/users/me/phone/verify',
  operationId: 'verifyPhone',
  summary: 'Verify your phone number',
  description:
    'Enters the 6-digit code texted to `pendingPhone` by PATCH /v1/users/me. The right code within 10 minutes ' +
    'makes it the verified `phone`. A wrong code is a 400 naming `code`; after 5 tries the code stops working ' +
    '(409 PHONE_CODE_LOCKED), and after 10 minutes it has expired (409 PHONE_CODE_EXPIRED): ask for a new one.',
  tags: ['Users'],
  auth: 'session',
  body: z.strictObject({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { message: 'Enter the 6 digits of the code we texted you' })
      .describe('The 6-digit code from the text message.'),
  }),
  response: userSchema,
  errors: ['PHONE_CODE_NOT_FOUND', 'PHONE_CODE_EXPIRED', 'PHONE_CODE_LOCKED'],
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
