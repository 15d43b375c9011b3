import { and, eq, lte, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import {
  charges,
  identityVerifications,
  paymentCustomers,
  payoutAccounts,
  transfers,
  workerProfiles,
} from '@/db/schema';
import type { ProcessorEvent } from './processor-event';

/**
 * The fields of an event's `data.object` that the handlers below read (Stripe's names). Each event type has its
 * own object, so every field is optional and the handlers coerce what they store.
 */
export type ProcessorObject = {
  id?: unknown;
  charges_enabled?: unknown;
  payouts_enabled?: unknown;
  details_submitted?: unknown;
  requirements?: { currently_due?: string[] } | null;
  customer?: unknown;
  payment_method?:
    | string
    | { id?: unknown; card?: { brand?: string; last4?: string; exp_month?: number; exp_year?: number } }
    | null;
  last_payment_error?: { decline_code?: string; code?: string; message?: string } | null;
  amount_refunded?: unknown;
  payment_intent?: unknown;
  amount_reversed?: unknown;
};

type Handler = (tx: Tx, event: ProcessorEvent, object: ProcessorObject) => Promise<void>;

// Order is not guaranteed. Each handler is written so a late, older event cannot undo a newer state:
// snapshots (accounts, identity sessions) apply only if newer than what was last applied; charges and
// transfers only move forward in their state machines; amounts only grow. Every update is scoped to
// the event's livemode, so a test event can never touch live data.
export const eventHandlers: Record<string, Handler> = {
  'account.updated': async (tx, event, account) => {
    await tx
      .update(payoutAccounts)
      .set({
        chargesEnabled: Boolean(account.charges_enabled),
        payoutsEnabled: Boolean(account.payouts_enabled),
        detailsSubmitted: Boolean(account.details_submitted),
        requirements: Array.isArray(account.requirements?.currently_due) ? account.requirements.currently_due : [],
        eventCreated: event.created,
      })
      .where(
        and(
          eq(payoutAccounts.accountId, String(account.id)),
          eq(payoutAccounts.livemode, event.livemode),
          lte(payoutAccounts.eventCreated, event.created),
        ),
      );
  },

  'setup_intent.succeeded': async (tx, event, setupIntent) => {
    const method = setupIntent.payment_method;
    const card = typeof method === 'object' && method !== null ? method.card : undefined;
    if (!setupIntent.customer || !method) return;
    await tx
      .update(paymentCustomers)
      .set({
        paymentMethodId: typeof method === 'string' ? method : String(method.id),
        cardBrand: card?.brand ?? null,
        cardLast4: card?.last4 ?? null,
        cardExpMonth: card?.exp_month ?? null,
        cardExpYear: card?.exp_year ?? null,
      })
      .where(
        and(
          eq(paymentCustomers.customerId, String(setupIntent.customer)),
          eq(paymentCustomers.livemode, event.livemode),
        ),
      );
  },

  'payment_intent.succeeded': async (tx, event, intent) => {
    await tx
      .update(charges)
      .set({ status: 'succeeded', failureCode: null, failureMessage: null })
      .where(
        and(
          eq(charges.processorId, String(intent.id)),
          eq(charges.livemode, event.livemode),
          sql`${charges.status} <> 'canceled'`,
        ),
      );
  },

  'payment_intent.payment_failed': async (tx, event, intent) => {
    const error: NonNullable<ProcessorObject['last_payment_error']> = intent.last_payment_error ?? {};
    await tx
      .update(charges)
      .set({
        status: 'failed',
        failureCode: error.decline_code ?? error.code ?? null,
        failureMessage: error.message ?? null,
      })
      .where(
        and(
          eq(charges.processorId, String(intent.id)),
          eq(charges.livemode, event.livemode),
          eq(charges.status, 'processing'),
        ),
      );
  },

  'payment_intent.canceled': async (tx, event, intent) => {
    await tx
      .update(charges)
      .set({ status: 'canceled' })
      .where(
        and(
          eq(charges.processorId, String(intent.id)),
          eq(charges.livemode, event.livemode),
          sql`${charges.status} in ('processing', 'failed')`,
        ),
      );
  },

  'charge.refunded': async (tx, event, charge) => {
    await tx
      .update(charges)
      .set({ refundedCents: sql`greatest(${charges.refundedCents}, ${Number(charge.amount_refunded ?? 0)})` })
      .where(and(eq(charges.processorId, String(charge.payment_intent)), eq(charges.livemode, event.livemode)));
  },

  'charge.dispute.created': async (tx, event, dispute) => {
    await tx
      .update(charges)
      .set({ disputed: true })
      .where(and(eq(charges.processorId, String(dispute.payment_intent)), eq(charges.livemode, event.livemode)));
  },

  'transfer.created': async (tx, event, transfer) => {
    await tx
      .update(transfers)
      .set({ status: 'paid' })
      .where(
        and(
          eq(transfers.processorId, String(transfer.id)),
          eq(transfers.livemode, event.livemode),
          eq(transfers.status, 'pending'),
        ),
      );
  },

  'transfer.reversed': async (tx, event, transfer) => {
    const reversed = Number(transfer.amount_reversed ?? 0);
    await tx
      .update(transfers)
      .set({
        reversedCents: sql`greatest(${transfers.reversedCents}, ${reversed})`,
        status: sql`case when greatest(${transfers.reversedCents}, ${reversed}) >= ${transfers.amountCents} then 'reversed'::transfer_status else ${transfers.status} end`,
      })
      .where(and(eq(transfers.processorId, String(transfer.id)), eq(transfers.livemode, event.livemode)));
  },
};

const IDENTITY_STATUS: Record<string, 'pending' | 'verified' | 'failed'> = {
  'identity.verification_session.created': 'pending',
  'identity.verification_session.processing': 'pending',
  'identity.verification_session.verified': 'verified',
  'identity.verification_session.requires_input': 'failed',
  'identity.verification_session.canceled': 'failed',
};

for (const [type, status] of Object.entries(IDENTITY_STATUS)) {
  eventHandlers[type] = async (tx, event, session) => {
    const applied = await tx
      .update(identityVerifications)
      .set({
        status,
        eventCreated: event.created,
        ...(status === 'verified' ? { verifiedAt: new Date(event.created * 1000) } : {}),
      })
      .where(
        and(
          eq(identityVerifications.sessionId, String(session.id)),
          eq(identityVerifications.livemode, event.livemode),
          lte(identityVerifications.eventCreated, event.created),
          // A verified identity stays verified, whatever arrives after.
          sql`${identityVerifications.status} <> 'verified'`,
        ),
      )
      .returning({ userId: identityVerifications.userId });
    // Verified is final, so raising the tier (never lowering it) is safe whatever order events arrive in.
    const verified = status === 'verified' ? applied[0] : undefined;
    if (!verified) return;
    await tx
      .update(workerProfiles)
      .set({ verificationTier: sql`greatest(${workerProfiles.verificationTier}, 1)` })
      .where(eq(workerProfiles.userId, verified.userId));
  };
}
