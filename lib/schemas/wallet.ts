import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';

const cardSchema = z
  .object({
    brand: z.string().describe('Card brand, e.g. `visa`.'),
    last4: z.string().describe('Last four digits.'),
    expMonth: z.number().int().describe('Expiry month, 1-12.'),
    expYear: z.number().int().describe('Expiry year, four digits.'),
  })
  .meta({ id: 'Card' });

export const walletSchema = z.object({
  paymentMethod: cardSchema.nullable().describe('The card on file, or null.'),
  processor: z.enum(['stripe', 'test-mode']).describe('The payment processor serving this caller.'),
});

export const startWalletSetupOperation = defineOperation({
  method: 'POST',
  path: '/v1/payments/wallet/setup',
  operationId: 'startWalletSetup',
  summary: 'Start adding or replacing the card on file',
  description: 'Returns the processor page where the human enters a card. The card number never reaches Legwork.',
  tags: ['Payments'],
  auth: 'any',
  scope: 'payments:write',
  response: z.object({
    setupUrl: z.string().describe('Open this page to enter the card.'),
    clientSecret: z.string().optional().describe('Stripe SetupIntent client secret, for embedding Stripe Elements.'),
  }),
  successStatus: 201,
});

export const getWalletOperation = defineOperation({
  method: 'GET',
  path: '/v1/payments/wallet',
  operationId: 'getWallet',
  summary: 'The card on file',
  tags: ['Payments'],
  auth: 'any',
  scope: 'payments:read',
  response: walletSchema,
});

export const removePaymentMethodOperation = defineOperation({
  method: 'DELETE',
  path: '/v1/payments/wallet/payment-method',
  operationId: 'removePaymentMethod',
  summary: 'Remove the card on file',
  tags: ['Payments'],
  auth: 'any',
  scope: 'payments:write',
  response: z.object({ removed: z.boolean().describe('False when there was no card to remove.') }),
});
