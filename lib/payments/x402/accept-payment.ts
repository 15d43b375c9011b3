import { and, eq } from 'drizzle-orm';
import { getAddress, type Hex, keccak256, recoverTypedDataAddress, toHex } from 'viem';
import type { Db, Executor } from '@/db/client';
import { x402Payments } from '@/db/schema';
import { logger } from '@/lib/logger';
import { networkOfCaip2, X402_NETWORKS, type X402Network, x402Config } from './config';
import { FACILITATOR_TIMEOUT_MS, type FacilitatorRequest, facilitatorSettle, facilitatorVerify } from './facilitator';
import { TRANSFER_WITH_AUTHORIZATION_TYPES } from './networks';
import type { X402Authorization, X402PaymentHeader } from './payment-header';
import { X402Rejection } from './rejection';
import { toV2Requirements, type X402Requirements } from './requirements';

export { readX402Payment, type X402PaymentHeader } from './payment-header';
export { recordUnusedX402Payment, recordX402Receipt } from './record-receipt';
export { X402Rejection } from './rejection';

/** An authorization must stay valid at least this long after we accept it (time to settle). */
export const VALID_BEFORE_MARGIN_SECONDS = 15;
/** Clock skew tolerated on top of maxTimeoutSeconds before an authorization counts as over-long. */
export const VALID_BEFORE_SKEW_SECONDS = 60;

export type AcceptedX402Payment = {
  /** The x402_payments row, status 'settled'. Link it to what it paid for with recordX402Receipt. */
  paymentId: string;
  /** The authorization's `from` (checksummed). */
  payer: string;
  network: X402Network;
  transaction: string;
  /** `X-PAYMENT-RESPONSE` (v1) or `PAYMENT-RESPONSE` (v2): base64 of the SettlementResponse. */
  responseHeaders: Record<string, string>;
};

export type AcceptOptions = {
  facilitatorTimeoutMs?: number;
  /** Runs once the payment settled, before it is marked settled: the funding service's fault injection. */
  afterSettle?: () => void;
  /** The claim is settled again after a crash: no verify first, and never deleted (see settle). */
  resumed?: boolean;
};

/** The unique key of an authorization: one row, one payment, per network/asset/payer/nonce. */
export type X402AuthorizationKey = { network: string; asset: string; payer: string; nonce: string };

/** The payment's intent, stored with its claim: the draft it is offered for, who offers it, in which mode. */
export type X402Intent = { draftTaskId: string; requesterId: string; livemode: boolean };

/**
 * Takes an x402 payment for `requirements` (protocols §5.4): checks it offline (version, scheme, network,
 * asset, payTo, exact amount, time window, the EIP-712 signature), claims the authorization atomically
 * (one row per network/asset/payer/nonce, so it pays once even when sent concurrently), then settles it
 * through the facilitator, or locally without one (test mode). Throws X402Rejection on any refusal.
 * The funding service runs the same steps one by one (check, claim with its intent, settle).
 */
export async function acceptX402Payment(
  db: Db,
  payment: X402PaymentHeader,
  requirements: X402Requirements,
  options: AcceptOptions = {},
): Promise<AcceptedX402Payment> {
  const authorization = await checkX402Payment(payment, requirements);
  const paymentId = await claimX402Payment(db, { payment, requirements, authorization });
  if (!paymentId) throw nonceAlreadyUsed();
  return settleX402Payment(db, { paymentId, payment, requirements }, options);
}

/** Everything about the payment that needs no database: its fields, then its signature. Its authorization. */
export async function checkX402Payment(
  payment: X402PaymentHeader,
  requirements: X402Requirements,
): Promise<X402Authorization> {
  const authorization = checkPayment(payment, requirements);
  await checkSignature(payment, authorization, requirements);
  return authorization;
}

export function x402AuthorizationKey(requirements: X402Requirements, from: string, nonce: string) {
  return {
    network: requirements.network,
    asset: requirements.asset.toLowerCase(),
    payer: from.toLowerCase(),
    nonce: nonce.toLowerCase(),
  } satisfies X402AuthorizationKey;
}

/** The refusal of an authorization used before. */
export function nonceAlreadyUsed(): X402Rejection {
  return new X402Rejection(
    'nonce_already_used',
    'This payment authorization (its nonce) has already been used; sign a new one to pay again.',
  );
}

export type ClaimX402Options = {
  payment: X402PaymentHeader;
  requirements: X402Requirements;
  authorization: X402Authorization;
  intent?: X402Intent;
};

/**
 * Claims a checked authorization: its row, with the intent, the payload and the requirements (what a later settle
 * needs). The row's id, or undefined when the authorization was claimed before (a replay).
 */
export async function claimX402Payment(
  db: Executor,
  { payment, requirements, authorization, intent }: ClaimX402Options,
): Promise<string | undefined> {
  const [claimed] = await db
    .insert(x402Payments)
    .values({
      ...x402AuthorizationKey(requirements, authorization.from, authorization.nonce),
      payTo: authorization.to.toLowerCase(),
      amountAtomic: authorization.value,
      validBefore: new Date(Number(authorization.validBefore) * 1000),
      status: 'claimed',
      ...intent,
      payload: payment.payload,
      requirements,
    })
    .onConflictDoNothing({
      target: [x402Payments.network, x402Payments.asset, x402Payments.payer, x402Payments.nonce],
    })
    .returning({ id: x402Payments.id });
  return claimed?.id;
}

export type SettleX402Options = { paymentId: string; payment: X402PaymentHeader; requirements: X402Requirements };

/** Settles a claimed authorization and marks it settled; the accepted payment with its response header. */
export async function settleX402Payment(
  db: Db,
  { paymentId, payment, requirements }: SettleX402Options,
  options: AcceptOptions = {},
): Promise<AcceptedX402Payment> {
  const { from, nonce } = payment.payload.payload.authorization;
  const key = x402AuthorizationKey(requirements, from, nonce);
  const transaction = await settle(db, paymentId, payment, requirements, key, options);
  options.afterSettle?.();
  await db
    .update(x402Payments)
    .set({ status: 'settled', transaction, updatedAt: new Date() })
    .where(eq(x402Payments.id, paymentId));
  return acceptedX402Payment({ paymentId, payment, requirements, transaction });
}

/** A settled payment as the funding service books it, with the settlement response header for the client. */
export function acceptedX402Payment({
  paymentId,
  payment,
  requirements,
  transaction,
}: SettleX402Options & { transaction: string }): AcceptedX402Payment {
  const payer = getAddress(payment.payload.payload.authorization.from);
  const settlement = {
    success: true,
    transaction,
    network: payment.version === 1 ? requirements.network : X402_NETWORKS[requirements.network].caip2,
    payer,
  };
  const headerName = payment.version === 1 ? 'X-PAYMENT-RESPONSE' : 'PAYMENT-RESPONSE';
  return {
    paymentId,
    payer,
    network: requirements.network,
    transaction,
    responseHeaders: { [headerName]: Buffer.from(JSON.stringify(settlement)).toString('base64') },
  };
}

/** A stored payload as the header it came in (the reconciliation job settles from it). */
export function storedX402Payment(payload: unknown): X402PaymentHeader {
  const stored = payload as X402PaymentHeader['payload'];
  return stored.x402Version === 1
    ? { version: 1, header: 'X-PAYMENT', payload: stored }
    : { version: 2, header: 'PAYMENT-SIGNATURE', payload: stored };
}

/** Everything that can be checked without a signature or the database, in the order of protocols §5.4. */
function checkPayment(payment: X402PaymentHeader, requirements: X402Requirements): X402Authorization {
  const { payload } = payment;
  if (payload.x402Version !== payment.version) {
    throw new X402Rejection('invalid_x402_version', `Unsupported x402Version ${payload.x402Version}.`);
  }
  const scheme = payload.x402Version === 1 ? payload.scheme : payload.accepted.scheme;
  if (scheme !== requirements.scheme) {
    throw new X402Rejection('invalid_scheme', `Unsupported scheme "${scheme}"; this resource takes "exact".`);
  }
  const network = payload.x402Version === 1 ? payload.network : networkOfCaip2(payload.accepted.network);
  if (network !== requirements.network) {
    const sent = payload.x402Version === 1 ? payload.network : payload.accepted.network;
    const wanted = payload.x402Version === 1 ? requirements.network : X402_NETWORKS[requirements.network].caip2;
    throw new X402Rejection('invalid_network', `The payment is on network "${sent}"; this resource takes "${wanted}".`);
  }
  const authorization = payload.payload.authorization;
  const v2 = payload.x402Version === 2 ? toV2Requirements(requirements) : undefined;
  if (payload.x402Version === 2 && !sameAddress(payload.accepted.asset, requirements.asset)) {
    throw new X402Rejection(
      'invalid_payment_requirements',
      `The payment is in asset ${payload.accepted.asset}; this resource takes USDC ${requirements.asset}.`,
    );
  }
  if (
    !sameAddress(authorization.to, requirements.payTo) ||
    (payload.x402Version === 2 && !sameAddress(payload.accepted.payTo, requirements.payTo))
  ) {
    throw new X402Rejection(
      'invalid_exact_evm_payload_recipient_mismatch',
      `The authorization pays ${authorization.to}; pay ${requirements.payTo}.`,
    );
  }
  if (
    authorization.value !== requirements.maxAmountRequired ||
    (payload.x402Version === 2 && payload.accepted.amount !== requirements.maxAmountRequired)
  ) {
    throw new X402Rejection(
      'invalid_exact_evm_payload_authorization_value',
      `The authorization is for ${authorization.value} atomic units; this resource costs exactly ${requirements.maxAmountRequired}.`,
    );
  }
  if (payload.x402Version === 2 && v2) {
    if (!deepEqual(normalize(payload.accepted), normalize(v2))) {
      throw new X402Rejection(
        'invalid_payment_requirements',
        'The `accepted` requirements differ from the ones this resource issued; pay for accepts[0] of PAYMENT-REQUIRED as sent.',
      );
    }
    if (payload.resource && payload.resource.url !== requirements.resource) {
      throw new X402Rejection(
        'invalid_payment_requirements',
        `The payment is for ${payload.resource.url}, not for ${requirements.resource}.`,
      );
    }
  }
  const now = BigInt(Math.floor(Date.now() / 1000));
  if (BigInt(authorization.validAfter) > now) {
    throw new X402Rejection(
      'invalid_exact_evm_payload_authorization_valid_after',
      'The authorization is not valid yet (validAfter is in the future).',
    );
  }
  const validBefore = BigInt(authorization.validBefore);
  if (validBefore < now + BigInt(VALID_BEFORE_MARGIN_SECONDS)) {
    throw new X402Rejection(
      'invalid_exact_evm_payload_authorization_valid_before',
      `The authorization expires too soon (validBefore must be at least ${VALID_BEFORE_MARGIN_SECONDS} s ahead).`,
    );
  }
  if (validBefore > now + BigInt(requirements.maxTimeoutSeconds + VALID_BEFORE_SKEW_SECONDS)) {
    throw new X402Rejection(
      'invalid_exact_evm_payload_authorization_valid_before',
      `The authorization stays valid too long (validBefore must be within ${requirements.maxTimeoutSeconds} s).`,
    );
  }
  return authorization;
}

/** The EIP-3009 TransferWithAuthorization must be signed by its `from`, for our token on our chain. */
async function checkSignature(
  payment: X402PaymentHeader,
  authorization: X402Authorization,
  requirements: X402Requirements,
): Promise<void> {
  let signer: string;
  try {
    signer = await recoverTypedDataAddress({
      domain: {
        name: requirements.extra.name,
        version: requirements.extra.version,
        chainId: X402_NETWORKS[requirements.network].chainId,
        verifyingContract: getAddress(requirements.asset),
      },
      types: TRANSFER_WITH_AUTHORIZATION_TYPES,
      primaryType: 'TransferWithAuthorization',
      message: {
        from: getAddress(authorization.from.toLowerCase()),
        to: getAddress(authorization.to.toLowerCase()),
        value: BigInt(authorization.value),
        validAfter: BigInt(authorization.validAfter),
        validBefore: BigInt(authorization.validBefore),
        nonce: authorization.nonce as Hex,
      },
      signature: payment.payload.payload.signature as Hex,
    });
  } catch {
    throw new X402Rejection('invalid_exact_evm_payload_signature', 'The payment signature cannot be read.');
  }
  if (!sameAddress(signer, authorization.from)) {
    throw new X402Rejection(
      'invalid_exact_evm_payload_signature',
      `The authorization is not signed by its sender ${authorization.from} for ${requirements.extra.name} on ${requirements.network}.`,
    );
  }
}

/** The settlement transaction: from the facilitator, or a deterministic local record in test mode. */
async function settle(
  db: Db,
  paymentId: string,
  payment: X402PaymentHeader,
  requirements: X402Requirements,
  key: { network: string; asset: string; payer: string; nonce: string },
  options: AcceptOptions,
): Promise<string> {
  const url = x402Config().facilitatorUrl;
  if (!url)
    return keccak256(toHex(`legwork:x402:test-settlement:${key.network}:${key.asset}:${key.payer}:${key.nonce}`));

  const body: FacilitatorRequest =
    payment.version === 1
      ? { x402Version: 1, paymentPayload: payment.payload, paymentRequirements: requirements }
      : { x402Version: 2, paymentPayload: payment.payload, paymentRequirements: toV2Requirements(requirements) };
  const timeoutMs = options.facilitatorTimeoutMs ?? FACILITATOR_TIMEOUT_MS;

  // A claim settled again (a retry or the job after a crash) may have reached /settle already: a verify would then
  // call the spent authorization invalid, and deleting the claim would drop a settled payment. Settle only.
  const verified = options.resumed ? ({ kind: 'valid' } as const) : await facilitatorVerify(url, body, timeoutMs);
  if (verified.kind === 'invalid') {
    // A definitive "no": the authorization was never usable, so it may be fixed and sent again.
    await db.delete(x402Payments).where(and(eq(x402Payments.id, paymentId), eq(x402Payments.status, 'claimed')));
    throw new X402Rejection(
      verified.reason,
      verified.message ?? `The facilitator refused the payment (${verified.reason}).`,
    );
  }
  if (verified.kind === 'unavailable') {
    logger.warn('x402 facilitator verify unavailable', { paymentId, message: verified.message });
    throw new X402Rejection(
      'unexpected_verify_error',
      'The payment could not be verified right now; this authorization stays reserved, so sign a new one to retry.',
    );
  }
  const settled = await facilitatorSettle(url, body, timeoutMs);
  if (settled.kind === 'settled') return settled.transaction;
  // Not settled, but maybe on its way on chain: the claim stays, so it can never pay for a second task.
  logger.warn('x402 facilitator settle failed', { paymentId, result: settled });
  if (settled.kind === 'failed') {
    throw new X402Rejection(settled.reason, settled.message ?? `The payment could not be settled (${settled.reason}).`);
  }
  throw new X402Rejection(
    'unexpected_settle_error',
    'The payment could not be settled right now; this authorization stays reserved, so sign a new one to retry.',
  );
}

function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** Addresses compare case-insensitively; everything else exactly. */
function normalize(value: unknown): unknown {
  if (typeof value === 'string') return /^0x[0-9a-fA-F]{40}$/.test(value) ? value.toLowerCase() : value;
  if (Array.isArray(value)) return value.map(normalize);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, entry]) => entry !== undefined)
        .map(([name, entry]) => [name, normalize(entry)]),
    );
  }
  return value;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every(
    (name) =>
      Object.hasOwn(b, name) && deepEqual((a as Record<string, unknown>)[name], (b as Record<string, unknown>)[name]),
  );
}
