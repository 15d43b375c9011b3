import { createHmac, randomBytes } from 'node:crypto';

// Standard Webhooks (reference/protocols.md §2): `whsec_` + base64 of the key bytes; the signature is
// `v1,` + base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`; several are space-separated (rotation).

export const SECRET_PREFIX = 'whsec_';
/** The sealing purpose of stored endpoint secrets (lib/auth/secret-box.ts). */
export const SECRET_PURPOSE = 'webhook-endpoint-secret';

export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

export function signature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The `webhook-signature` header: one `v1,` entry per secret, the current one first. */
export function signatureHeader(secrets: string[], id: string, timestamp: number, body: string): string {
  return secrets.map((secret) => signature(secret, id, timestamp, body)).join(' ');
}
