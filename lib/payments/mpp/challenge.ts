import { createHmac, timingSafeEqual } from 'node:crypto';
import { keyFor } from '@/lib/auth/secret-box';
import { base64url, canonicalJson } from './canonical-json';
import { mppConfig } from './config';
import type { MppCredential } from './credential';
import { MppRejection } from './rejection';

export const MPP_METHOD = 'stripe';
export const MPP_INTENT = 'charge';

export type MppChallengeInput = {
  totalCents: number;
  /** The address paid for (the x402 `resource`): a challenge answers this operation on this object only. */
  resource: string;
  /** The caller it was issued to: another account cannot spend it. */
  userId: string;
  description: string;
  now?: Date;
};

type ChallengeParams = {
  id: string;
  realm: string;
  method: string;
  intent: string;
  request: string;
  expires: string;
  opaque: string;
  description: string;
};

// Stateless binding (draft-httpauth-payment, "Recommended: HMAC-SHA256 Binding"): the id is the HMAC of the seven
// slots, so nothing is stored for a 402 and any instance can check a credential.
function bindingOf(slots: Pick<ChallengeParams, 'realm' | 'method' | 'intent' | 'request' | 'expires' | 'opaque'>) {
  const input = [slots.realm, slots.method, slots.intent, slots.request, slots.expires, '', slots.opaque].join('|');
  return createHmac('sha256', keyFor('mpp-challenge')).update(input).digest('base64url');
}

export function mppChallenge({ totalCents, resource, userId, description, now = new Date() }: MppChallengeInput) {
  const { realm, networkId, challengeSeconds } = mppConfig();
  const request = base64url(
    canonicalJson({
      amount: String(totalCents),
      currency: 'usd',
      description,
      methodDetails: { networkId, paymentMethodTypes: ['card'] },
    }),
  );
  const expires = new Date(now.getTime() + challengeSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const opaque = base64url(canonicalJson({ resource: new URL(resource).pathname, user: userId }));
  const slots = { realm, method: MPP_METHOD, intent: MPP_INTENT, request, expires, opaque };
  return { id: bindingOf(slots), ...slots, description } satisfies ChallengeParams;
}

const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/** The `WWW-Authenticate` value: `Payment id="…", realm="…", method="stripe", intent="charge", …`. */
export function wwwAuthenticate(challenge: ChallengeParams): string {
  const order = ['id', 'realm', 'method', 'intent', 'request', 'expires', 'opaque', 'description'] as const;
  return `Payment ${order.map((name) => `${name}=${quoted(challenge[name])}`).join(', ')}`;
}

export type CheckedChallenge = { challengeId: string; amountCents: number };

function decodeJson(value: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Checks the echoed challenge before the token is looked at (the stripe charge spec's order): ours (the HMAC), for
 * this caller and this resource, not expired, and for exactly `totalCents`, the price the draft is locked at now.
 */
export function checkMppChallenge(
  credential: MppCredential,
  expected: { totalCents: number; resource: string; userId: string; now?: Date },
): CheckedChallenge {
  const { challenge } = credential;
  const id = Buffer.from(challenge.id);
  const bound = Buffer.from(
    bindingOf({
      realm: challenge.realm,
      method: challenge.method,
      intent: challenge.intent,
      request: challenge.request,
      expires: challenge.expires ?? '',
      opaque: challenge.opaque ?? '',
    }),
  );
  const refuse = (message: string) => new MppRejection('invalid-challenge', message);
  if (id.length !== bound.length || !timingSafeEqual(id, bound))
    throw refuse('This challenge was not issued by Legwork');
  if (challenge.realm !== mppConfig().realm || challenge.method !== MPP_METHOD || challenge.intent !== MPP_INTENT) {
    throw refuse('This challenge is for another realm, method or intent');
  }
  const opaque = decodeJson(challenge.opaque ?? '');
  if (opaque?.user !== expected.userId || opaque.resource !== new URL(expected.resource).pathname) {
    throw refuse('This challenge was issued to another caller or for another request');
  }
  const now = expected.now ?? new Date();
  if (!challenge.expires || !(Date.parse(challenge.expires) > now.getTime())) {
    throw new MppRejection('payment-expired', 'This challenge has expired; answer the fresh one of this 402');
  }
  const request = decodeJson(challenge.request);
  if (request?.amount !== String(expected.totalCents) || request.currency !== 'usd') {
    throw refuse(`This challenge is for another amount; the task's total is now ${expected.totalCents} cents`);
  }
  return { challengeId: challenge.id, amountCents: expected.totalCents };
}
