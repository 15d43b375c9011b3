import { z } from 'zod';
import { pageQuery } from '@/db/cursor';
import { defineOperation } from '@/lib/schemas/operation';

export const paymentHistoryItemSchema = z
  .object({
    id: z.uuid().describe('Ledger transaction id.'),
    kind: z.enum(['charge', 'x402_receipt', 'refund', 'release', 'transfer', 'adjustment', 'tip']),
    amountCents: z.number().int().describe('Amount moved, in cents (always positive).'),
    currency: z.literal('usd'),
    taskId: z.string().nullable(),
    reference: z.string().nullable().describe('The processor object (pi_…, re_…, tr_…).'),
    description: z.string(),
    livemode: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'PaymentHistoryItem' });

export const paymentHistoryOperation = defineOperation({
  method: 'GET',
  path: '/v1/payments/history',
  operationId: 'listPaymentHistory',
  summary: 'Charges, refunds, transfers and receipts, newest first',
  description: 'From the ledger; cursor-paginated. Test-mode callers see test-mode movements only.',
  tags: ['Payments'],
  auth: 'any',
  scope: 'payments:read',
  query: pageQuery,
  response: z.array(paymentHistoryItemSchema),
  listEnvelope: true,
});
