import { headers } from 'next/headers';
import { clientIp } from '@/lib/api/request-context';

/**
 * The address a page's server action came from, as the API's routes read theirs (clientIp), for what records it
 * (the admin audit log); null when unknown (`0.0.0.0`: no server.ts peer, no trusted proxy).
 */
export async function actionClientIp(): Promise<string | null> {
  const ip = clientIp(await headers());
  return ip === '0.0.0.0' ? null : ip;
}
