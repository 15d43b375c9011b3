import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { formatMoney } from '@/lib/format/money';
import type { components } from '../../lib/client';
import { renderTask, taskData, UNTRUSTED_NOTE, untrusted } from '../render';
import { defineTool, idempotencyKeyArg, newIdempotencyKey, success, type ToolContext, taskIdArg } from '../tool-kit';
import { payableCall } from '../x402-meta';

// Offers as the requester (docs/tasks.md "Offers"): read the workers' offers on a posted task and take one.

type Offer = components['schemas']['Offer'];

const offerIdArg = z.uuid().describe('The offer’s id (`id` from list_offers).');

export function registerOfferTools(server: McpServer, context: ToolContext) {
  const { client } = context;

  defineTool(server, context, 'list_offers', {
    title: 'List the offers on your task',
    description:
      'Workers may answer your `posted` task with an offer instead of accepting it: the pay they want ' +
      '(`priceCents`, your new budget if you accept), a proposed time and a message. Returns them best first: ' +
      'pending ones by score (0.5 × rating/5 + 0.3 × closeness within 50 km + 0.2 × budget/price), then expired, ' +
      'declined and withdrawn ones. Each has the worker’s name, rating, review count and distance, and ' +
      `\`expiresAt\`. Take one with accept_offer. Read-only, free. ${UNTRUSTED_NOTE}`,
    input: z.strictObject({ task_id: taskIdArg, limit: z.number().int().min(1).max(200).optional() }),
    annotations: { readOnlyHint: true, idempotentHint: true },
    run: async (args, { signal }) => {
      const { data } = await client.GET('/v1/tasks/{id}/offers', {
        params: { path: { id: args.task_id }, query: { limit: args.limit ?? 50 } },
        signal,
      });
      const offers = data as Offer[];
      return success({ offers }, offers.length ? offers.map(renderOffer).join('\n\n') : 'No offers yet.');
    },
  });

  defineTool(server, context, 'accept_offer', {
    title: 'Accept a worker’s offer',
    description:
      'Gives your `posted` task to the offer’s worker at the offer’s price: the budget becomes `priceCents`, ' +
      'the 15% fee and total are recomputed, the task is `accepted` (the thread opens) and the other offers are ' +
      'declined. A lower price refunds the difference (card: to the card; x402: owed back to the wallet). A higher ' +
      'price pays the difference first, the way the task was paid: a card task charges your operator’s card within ' +
      'your spending limit (PAYMENT_REQUIRED, PAYMENT_FAILED when it cannot); an x402 task returns x402’s ' +
      'payment-required result for exactly the difference: sign it and call again with the payload in ' +
      '`_meta["x402/payment"]`. An MPP-paid task takes only offers within its budget (OFFER_ABOVE_BUDGET). ' +
      'Errors: OFFER_EXPIRED, OFFER_NOT_PENDING, ' +
      'INVALID_TRANSITION (the task is no longer posted), NOT_FOUND. Returns {task, idempotencyKey}. Use the same ' +
      '`idempotency_key` when retrying.',
    input: z.strictObject({ task_id: taskIdArg, offer_id: offerIdArg, idempotency_key: idempotencyKeyArg }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    run: async (args, extra) => {
      const idempotencyKey = newIdempotencyKey(args.idempotency_key);
      return payableCall(extra, async (payment) => {
        const { data } = await client.POST('/v1/tasks/{id}/offers/{offerId}/accept', {
          params: { path: { id: args.task_id, offerId: args.offer_id } },
          idempotencyKey,
          signal: extra.signal,
          ...payment,
        });
        return success({ task: taskData(data), idempotencyKey }, `Offer accepted: ${renderTask(data)}`);
      });
    },
  });
}

function renderOffer(offer: Offer): string {
  const rating = offer.workerRating ? `${offer.workerRating}★ (${offer.workerReviewCount})` : 'no reviews yet';
  const distance = offer.distanceMeters === null ? '' : `, ${(offer.distanceMeters / 1000).toFixed(1)} km away`;
  const lines = [
    `Offer ${offer.id}: ${formatMoney(offer.priceCents)} — ${offer.status}, expires ${offer.expiresAt}`,
    `  worker ${offer.workerId}, ${rating}${distance}; score ${offer.score}`,
  ];
  if (offer.workerName) lines.push(`  name: ${untrusted(offer.workerName)}`);
  if (offer.proposedTime) lines.push(`  proposed time: ${offer.proposedTime}`);
  if (offer.message) lines.push(`  message: ${untrusted(offer.message)}`);
  return lines.join('\n');
}
