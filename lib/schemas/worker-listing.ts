import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';

export const setListingOperation = defineOperation({
  method: 'POST',
  path: '/v1/workers/me/listing',
  operationId: 'setWorkerListing',
  summary: 'Flip the worker’s listing on or off',
  description:
    'With an empty body the flag flips; `{"isListed": true|false}` sets it explicitly (a retry then cannot ' +
    'undo itself). Listing is refused, in this order, while the profile is incomplete (`PROFILE_INCOMPLETE`, ' +
    '`details.missing` names the fields), the identity is not verified with the caller’s processor ' +
    '(`ID_VERIFICATION_REQUIRED`), or the payout account lacks charges or payouts (`PAYMENT_ONBOARDING_REQUIRED`). ' +
    'Unlisting always works. Acts on the caller’s own profile: 404 when the caller has none.',
  tags: ['Workers'],
  auth: 'any',
  body: z.strictObject({
    isListed: z.boolean().optional().describe('The wanted state; leave out to flip the current one.'),
  }),
  response: z.object({ isListed: z.boolean().describe('Whether the profile now appears in search.') }),
  errors: ['PROFILE_INCOMPLETE', 'ID_VERIFICATION_REQUIRED', 'PAYMENT_ONBOARDING_REQUIRED', 'NOT_FOUND'],
});
