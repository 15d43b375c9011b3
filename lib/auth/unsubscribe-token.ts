import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@/db/schema';
import { authSecret } from './auth-secret';

// The token in a notification email's unsubscribe link: it names a person and a kind, signed with a key derived
// from AUTH_SECRET, so the link works without a session and without a stored row, and cannot be edited into
// another person's or kind's. It never expires: an unsubscribe link in an old email must keep working (RFC 8058).
// Only the email channel is unsubscribed by link; texts stop with STOP.

const PURPOSE = 'notification-unsubscribe';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type UnsubscribeTarget = { userId: string; kind: NotificationKind };

let key: Buffer | undefined;

function mac(payload: string): Buffer {
  key ??= Buffer.from(hkdfSync('sha256', authSecret(), 'legwork', PURPOSE, 32));
  return createHmac('sha256', key).update(payload).digest();
}

/** `<user id>.<kind>.email.<HMAC-SHA256, base64url>`: URL-safe as it is. */
export function signUnsubscribeToken({ userId, kind }: UnsubscribeTarget): string {
  const payload = `${userId}.${kind}.email`;
  return `${payload}.${mac(payload).toString('base64url')}`;
}

/** The person and kind a token names, or null for anything not signed by us. */
export function readUnsubscribeToken(token: string): UnsubscribeTarget | null {
  const [userId, kind, channel, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !userId || !kind || channel !== 'email' || !signature) return null;
  if (!UUID.test(userId) || !(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  const expected = mac(`${userId}.${kind}.email`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as NotificationKind };
}
