import { getAddress } from 'viem';
import { X402_MAX_TIMEOUT_SECONDS, X402_NETWORKS, type X402Caip2Network, type X402Network, x402Config } from './config';

/** x402 v1 PaymentRequirements for the "exact" scheme on EVM (protocols §5.1): what the 402 body offers. */
export type X402Requirements = {
  scheme: 'exact';
  network: X402Network;
  /** USDC atomic units (6 decimals) as a decimal string: cents * 10,000. */
  maxAmountRequired: string;
  /** Absolute URL of the request being paid for. */
  resource: string;
  description: string;
  mimeType: 'application/json';
  payTo: string;
  maxTimeoutSeconds: number;
  /** The USDC contract of the network. */
  asset: string;
  /** The token's EIP-712 domain. */
  extra: { name: string; version: string };
};

/** The same requirements in the x402 v2 form (protocols §5.3): CAIP-2 network, `amount`, no resource fields. */
export type X402RequirementsV2 = {
  scheme: 'exact';
  network: X402Caip2Network;
  amount: string;
  asset: string;
  payTo: string;
  maxTimeoutSeconds: number;
  extra: { name: string; version: string };
};

/** USDC has 6 decimals: one cent is 10,000 atomic units. */
export const ATOMIC_UNITS_PER_CENT = 10_000n;

/** What an agent must pay, in USDC on the configured network, for a request costing `totalCents`. */
export function x402Requirements(input: {
  totalCents: number;
  resource: string;
  description: string;
}): X402Requirements {
  if (!Number.isSafeInteger(input.totalCents) || input.totalCents <= 0) {
    throw new Error(`x402 amounts are positive integer cents, got ${input.totalCents}`);
  }
  const config = x402Config();
  const { usdc } = X402_NETWORKS[config.network];
  return {
    scheme: 'exact',
    network: config.network,
    maxAmountRequired: (BigInt(input.totalCents) * ATOMIC_UNITS_PER_CENT).toString(),
    resource: input.resource,
    description: input.description,
    mimeType: 'application/json',
    payTo: getAddress(config.payTo.toLowerCase()),
    maxTimeoutSeconds: X402_MAX_TIMEOUT_SECONDS,
    asset: usdc.address,
    extra: { name: usdc.name, version: usdc.version },
  };
}

export function toV2Requirements(requirements: X402Requirements): X402RequirementsV2 {
  return {
    scheme: requirements.scheme,
    network: X402_NETWORKS[requirements.network].caip2,
    amount: requirements.maxAmountRequired,
    asset: requirements.asset,
    payTo: requirements.payTo,
    maxTimeoutSeconds: requirements.maxTimeoutSeconds,
    extra: { ...requirements.extra },
  };
}

/** The x402 v2 PaymentRequired object (sent base64-encoded in the PAYMENT-REQUIRED header). */
export function toV2PaymentRequired(requirements: X402Requirements, error: string) {
  return {
    x402Version: 2 as const,
    error,
    resource: { url: requirements.resource, description: requirements.description, mimeType: requirements.mimeType },
    accepts: [toV2Requirements(requirements)],
  };
}

export const X402_PAYMENT_HINT =
  'Pay with x402: retry the same request with an `X-Payment` header, the base64 of an x402 v1 PaymentPayload ' +
  '(scheme "exact") carrying an EIP-3009 TransferWithAuthorization of exactly `accepts[0].maxAmountRequired` ' +
  'to `accepts[0].payTo`, signed for `accepts[0].asset` on `accepts[0].network` with the EIP-712 domain in ' +
  '`accepts[0].extra`. x402 v2 clients may answer the `PAYMENT-REQUIRED` header with `PAYMENT-SIGNATURE` instead. ' +
  'Each authorization (its nonce) pays once.';

/** Why a 402 is answered: the error code, message and hint, and the refused payment's reason. */
export type PaymentRequiredOptions = {
  code?: 'PAYMENT_REQUIRED' | 'PAYMENT_FAILED';
  message?: string;
  /** The x402 error code of a refused payment (e.g. `invalid_exact_evm_payload_signature`): `details.reason`. */
  reason?: string;
  /** More `details` beside `reason` (a declined card's processor codes). */
  details?: Record<string, unknown>;
  hint?: string;
};
