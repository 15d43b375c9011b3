import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';

/**
 * AUTH_SECRET signs the browser's session cookie. When it is not set (a laptop, `npm run dev`), one is
 * generated once and kept in DATA_DIR so restarts keep everyone signed in. Several instances must share
 * one: set AUTH_SECRET in any deployment with more than one.
 */
export function authSecret(): string {
  const configured = env().AUTH_SECRET ?? process.env.NEXTAUTH_SECRET;
  if (configured) return configured;
  const file = path.join(env().DATA_DIR, 'auth-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(env().DATA_DIR, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    if (env().NODE_ENV === 'production') {
      logger.warn('AUTH_SECRET is not set; generated one in DATA_DIR. Set AUTH_SECRET when running several instances.');
    }
    return fs.readFileSync(file, 'utf8').trim();
  }
}
