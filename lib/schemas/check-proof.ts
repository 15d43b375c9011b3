import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { proofCheckSchema, proofVerificationSchema } from './proof-verification';
import { proofBodySchema } from './task-actions';

// The worker's form asks before submitting ("Your photo has no location: it will be marked unverified").
export const checkProofOperation = defineOperation({
  method: 'POST',
  path: '/v1/tasks/{id}/check-proof',
  operationId: 'checkProof',
  summary: 'Preview the verdict a proof would get (stores nothing)',
  description:
    'The assigned worker only, while the task is `accepted`. Takes the same body as POST /v1/tasks/{id}/submit and ' +
    'answers the `verification` the submit would compute now, without submitting or storing anything. What the ' +
    'task’s `proofRequirements` lack shows as a failed `required_items` check here (the submit answers it with 400 ' +
    '`VALIDATION_ERROR`); `refusal` names a check of the task’s `requiredChecks` that did not pass, for which the ' +
    'submit would answer 400 `PROOF_CHECK_FAILED`. Unknown photo ids are 400 `VALIDATION_ERROR`.',
  tags: ['Tasks'],
  auth: 'any',
  scope: 'tasks:write',
  params: z.object({ id: z.uuid() }),
  body: proofBodySchema,
  idempotent: false,
  response: z.object({
    verification: proofVerificationSchema,
    refusal: proofCheckSchema
      .nullable()
      .describe('The required check that did not pass, so the submit would be refused; null when it would not.'),
  }),
  errors: ['NOT_FOUND', 'INVALID_TRANSITION', 'FORBIDDEN', 'VALIDATION_ERROR'],
});
