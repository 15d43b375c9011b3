import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

export const VAPID_KEYS_FILE = 'vapid-keys.json';

/**
 * The VAPID key pair that signs every push (RFC 8292). From VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; else,
 * like the auth secret (lib/auth/auth-secret.ts), generated once and kept in DATA_DIR, so a browser's subscription,
 * made with the public key, survives restarts. Several instances must share one: set the keys in any deployment
 * with more than one.
 */
export function vapidKeys(): VapidKeys {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = env();
  const subject = vapidSubject();
  if (VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY)
    return { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY, subject };
  return { ...storedKeys(path.join(env().DATA_DIR, VAPID_KEYS_FILE)), subject };
}

function vapidSubject(): string {
  const { VAPID_SUBJECT, EMAIL_FROM } = env();
  if (VAPID_SUBJECT) return VAPID_SUBJECT;
  const address = EMAIL_FROM.match(/<([^<>]+)>/)?.[1] ?? EMAIL_FROM;
  return `mailto:${address}`;
}

// Two processes starting at once must end with one pair: each writes a complete file under a name of its own and
// links it into place, which fails for all but the first (EEXIST), so nobody reads a half-written file or
// overwrites a pair a browser may already hold.
function storedKeys(file: string): { publicKey: string; privateKey: string } {
  const existing = readKeys(file);
  if (existing) return existing;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  fs.writeFileSync(temporary, JSON.stringify({ publicKey, privateKey }), { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temporary, file);
    if (env().NODE_ENV === 'production') {
      logger.warn('VAPID keys are not set; generated a pair in DATA_DIR. Set them when running several instances.');
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  const stored = readKeys(file);
  if (!stored) throw new Error(`${file} does not hold a VAPID key pair`);
  return stored;
}

function readKeys(file: string): { publicKey: string; privateKey: string } | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') return null;
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}
