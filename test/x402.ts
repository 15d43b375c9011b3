import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { type Hex, toHex } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import { getDatabase } from '@/db/client';
import { x402Payments } from '@/db/schema';
import {
  acceptX402Payment,
  readX402Payment,
  type X402PaymentHeader,
  X402Rejection,
} from '@/lib/payments/x402/accept-payment';
import { X402_NETWORKS } from '@/lib/payments/x402/config';
import { TRANSFER_WITH_AUTHORIZATION_TYPES } from '@/lib/payments/x402/networks';
import { toV2Requirements, type X402Requirements, x402Requirements } from '@/lib/payments/x402/requirements';

// Helpers for x402 tests: payers with fresh keys, EIP-3009 authorizations signed by viem, the v1/v2
// payment headers built from them, and a local stand-in for a facilitator.

export const TASKS_URL = 'http://localhost:3000/v1/tasks';

/** A payer nobody else uses (each test its own key, so parallel files never share a nonce space). */
export function newPayer(): PrivateKeyAccount {
  return privateKeyToAccount(generatePrivateKey());
}

export function requirementsFor(totalCents = 2_300): X402Requirements {
  return x402Requirements({ totalCents, resource: TASKS_URL, description: 'Post a task on Legwork' });
}

export type AuthorizationOverrides = Partial<{
  to: string;
  value: string;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Hex;
  /** The EIP-712 domain the signature is made for (defaults: the requirements' token on its chain). */
  domainName: string;
  chainId: number;
  verifyingContract: string;
  /** Signs with this key instead of the payer's (a forged `from`). */
  signer: PrivateKeyAccount;
}>;

export type SignedAuthorization = {
  signature: Hex;
  authorization: { from: string; to: string; value: string; validAfter: string; validBefore: string; nonce: Hex };
};

export function randomNonce(): Hex {
  return toHex(crypto.getRandomValues(new Uint8Array(32)));
}

/** An EIP-3009 TransferWithAuthorization for `requirements`, signed like the x402 clients sign it. */
export async function signAuthorization(
  payer: PrivateKeyAccount,
  requirements: X402Requirements,
  overrides: AuthorizationOverrides = {},
): Promise<SignedAuthorization> {
  const now = BigInt(Math.floor(Date.now() / 1000));
  const message = {
    from: payer.address,
    to: (overrides.to ?? requirements.payTo) as Hex,
    value: BigInt(overrides.value ?? requirements.maxAmountRequired),
    validAfter: overrides.validAfter ?? now - 600n,
    validBefore: overrides.validBefore ?? now + BigInt(requirements.maxTimeoutSeconds),
    nonce: overrides.nonce ?? randomNonce(),
  };
  const signature = await (overrides.signer ?? payer).signTypedData({
    domain: {
      name: overrides.domainName ?? requirements.extra.name,
      version: requirements.extra.version,
      chainId: overrides.chainId ?? X402_NETWORKS[requirements.network].chainId,
      verifyingContract: (overrides.verifyingContract ?? requirements.asset) as Hex,
    },
    types: TRANSFER_WITH_AUTHORIZATION_TYPES,
    primaryType: 'TransferWithAuthorization',
    message,
  });
  return {
    signature,
    authorization: {
      from: message.from,
      to: message.to,
      value: message.value.toString(),
      validAfter: message.validAfter.toString(),
      validBefore: message.validBefore.toString(),
      nonce: message.nonce,
    },
  };
}

export const base64Json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

export function v1Payload(
  requirements: X402Requirements,
  signed: SignedAuthorization,
  network: string = requirements.network,
) {
  return { x402Version: 1, scheme: 'exact', network, payload: signed };
}

export function v2Payload(
  requirements: X402Requirements,
  signed: SignedAuthorization,
  accepted: Record<string, unknown> = toV2Requirements(requirements),
) {
  return {
    x402Version: 2,
    resource: { url: requirements.resource, description: requirements.description, mimeType: requirements.mimeType },
    accepted,
    payload: signed,
  };
}

/** A request carrying `headers` (the payment headers under test). */
export function requestWith(headers: Record<string, string>): Request {
  return new Request(TASKS_URL, { method: 'POST', headers });
}

export async function paymentRows(payer: string) {
  const { db } = await getDatabase();
  return db.select().from(x402Payments).where(eq(x402Payments.payer, payer.toLowerCase()));
}

export async function paymentRow(payer: string, nonce: string) {
  const { db } = await getDatabase();
  const [row] = await db
    .select()
    .from(x402Payments)
    .where(and(eq(x402Payments.payer, payer.toLowerCase()), eq(x402Payments.nonce, nonce.toLowerCase())));
  return row;
}

export type FacilitatorCall = { path: string; body: unknown };

/**
 * A local stand-in for an x402 facilitator on 127.0.0.1: records every request and answers with
 * `answer(path, body)` ({status, json}, or a promise of it, so a test can act while a call is in flight), or never
 * answers when it returns 'hang'.
 */
export async function facilitatorStandIn(
  answer: (
    path: string,
    body: unknown,
  ) => { status: number; json: unknown } | 'hang' | Promise<{ status: number; json: unknown }>,
): Promise<{ url: string; calls: FacilitatorCall[]; close: () => Promise<void> }> {
  const calls: FacilitatorCall[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    const body = JSON.parse(text);
    const path = request.url ?? '';
    calls.push({ path, body });
    const result = await answer(path, body);
    if (result === 'hang') {
      open.add(response);
      return;
    }
    response.writeHead(result.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(result.json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: async () => {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A request carrying `payload` as a v1 `X-Payment` header, decoded as the route decodes it. */
export const v1Header = (payload: unknown) => readX402Payment(requestWith({ 'X-Payment': base64Json(payload) }));
/** The same as a v2 `PAYMENT-SIGNATURE` header. */
export const v2Header = (payload: unknown) =>
  readX402Payment(requestWith({ 'PAYMENT-SIGNATURE': base64Json(payload) }));
export const decodeHeader = (value: string | undefined) =>
  JSON.parse(Buffer.from(value ?? '', 'base64').toString('utf8'));

/** acceptX402Payment on the test database (the payment must have decoded). */
export async function accept(payment: X402PaymentHeader | null, requirements = requirementsFor()) {
  if (!payment) throw new Error('no payment');
  const { db } = await getDatabase();
  return acceptX402Payment(db, payment, requirements);
}

/** The X402Rejection a promise rejects with (fails the test if it resolves or rejects otherwise). */
export async function rejection(promise: Promise<unknown>): Promise<X402Rejection> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(X402Rejection);
  return error as X402Rejection;
}
