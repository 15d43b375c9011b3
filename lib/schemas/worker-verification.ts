import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { timestamp } from './common';

export const idVerificationStatusSchema = z
  .object({
    status: z
      .enum(['not_started', 'pending', 'verified', 'failed'])
      .describe('The latest verification session’s state; `not_started` before any.'),
    idVerified: z.boolean().describe('Some session of the caller was verified.'),
    lastVerifiedAt: timestamp.nullable().describe('When the identity was last verified; null if never.'),
  })
  .meta({ id: 'IdVerificationStatus' });

export const startIdVerificationOperation = defineOperation({
  method: 'POST',
  path: '/v1/workers/me/verify',
  operationId: 'startIdVerification',
  summary: 'Start ID verification',
  description:
    'Opens a session with the payment processor’s identity provider (Stripe Identity, or the test-mode page) ' +
    'and answers the page to send the human to; the result arrives through the processor’s events and raises ' +
    '`verificationTier` to 1. When the identity is already verified, answers `{alreadyVerified: true}`. ' +
    '404 without a worker profile.',
  tags: ['Workers'],
  auth: 'session',
  response: z.object({
    verificationUrl: z.string().optional().describe('Open this page to verify.'),
    sessionId: z.string().optional().describe('The identity provider’s session id.'),
    alreadyVerified: z.boolean().optional().describe('True when there is nothing left to verify.'),
  }),
  errors: ['NOT_FOUND'],
});

export const getIdVerificationStatusOperation = defineOperation({
  method: 'GET',
  path: '/v1/workers/me/verify/status',
  operationId: 'getIdVerificationStatus',
  summary: 'ID verification status',
  description: 'As the identity provider’s events last reported it, in the caller’s processor mode.',
  tags: ['Workers'],
  auth: 'session',
  response: idVerificationStatusSchema,
});
