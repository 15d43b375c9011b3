import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';

export const payoutAccountSchema = z
  .object({
    chargesEnabled: z.boolean().describe('The processor lets this account take charges.'),
    payoutsEnabled: z.boolean().describe('Transfers to this account reach the bank.'),
    detailsSubmitted: z.boolean().describe('Onboarding was completed.'),
    requirements: z.array(z.string()).describe('What is still outstanding; `onboarding` before any account exists.'),
  })
  .meta({ id: 'PayoutAccount' });

export const startPayoutOnboardingOperation = defineOperation({
  method: 'POST',
  path: '/v1/payments/payout-account',
  operationId: 'startPayoutOnboarding',
  summary: 'Create the payout account if needed and get an onboarding link',
  description: 'The link is single-use and short-lived; open it right away. Progress arrives through processor events.',
  tags: ['Payments'],
  auth: 'any',
  scope: 'payments:write',
  response: z.object({ onboardingUrl: z.string().describe('Open this page to finish onboarding.') }),
  successStatus: 201,
});

export const getPayoutAccountOperation = defineOperation({
  method: 'GET',
  path: '/v1/payments/payout-account',
  operationId: 'getPayoutAccount',
  summary: 'Payout account status',
  tags: ['Payments'],
  auth: 'any',
  scope: 'payments:read',
  response: payoutAccountSchema,
});
