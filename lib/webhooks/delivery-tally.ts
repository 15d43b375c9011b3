// How the deliveries this process sent turned out, counted since it started: the metrics layer (above this one)
// reads it at each scrape as `legwork_webhook_deliveries_total{result}`. On globalThis: server.ts and Next's
// bundle each load their own copy of lib/, and a scrape must see the outcomes of both.

/**
 * `success`: the receiver answered 2xx. `retry`: it did not, and another attempt is scheduled. `failure`: it did
 * not and the delivery is settled as failed (attempts used up, or 410 Gone). `abandoned`: the endpoint was disabled
 * or deleted after the delivery was queued, so nothing was sent.
 */
export type DeliveryOutcome = 'success' | 'retry' | 'failure' | 'abandoned';

const holder = globalThis as typeof globalThis & { __legworkDeliveryTally?: Map<DeliveryOutcome, number> };

export function tallyDelivery(outcome: DeliveryOutcome): void {
  holder.__legworkDeliveryTally ??= new Map();
  holder.__legworkDeliveryTally.set(outcome, (holder.__legworkDeliveryTally.get(outcome) ?? 0) + 1);
}

/** Every outcome counted so far (outcomes never seen are absent). */
export function deliveryTally(): ReadonlyMap<DeliveryOutcome, number> {
  return holder.__legworkDeliveryTally ?? new Map();
}
