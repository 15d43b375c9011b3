import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { POST as signUp } from '@/app/v1/users/route';
import { getDatabase } from '@/db/client';
import { users } from '@/db/schema';
import { type CallResult, send, uniqueIp } from './http';

export const PASSWORD = 'correct horse battery';
export const json = { 'content-type': 'application/json' };

/** POST with a raw body and headers exactly as given (no JSON encoding, no default content type). */
export function rawPost(
  handler: typeof signUp,
  path: string,
  body: BodyInit | null,
  headers: Record<string, string> = {},
) {
  const init = { method: 'POST', headers: { 'x-legwork-peer-address': uniqueIp(), ...headers }, body, duplex: 'half' };
  return send(handler, new Request(new URL(path, 'http://localhost:3000'), init as RequestInit));
}

export function expectRequestId(res: CallResult) {
  expect(res.headers.get('x-request-id')).toMatch(/^req_[A-Za-z0-9_-]{16}$/);
}

export async function findUserByEmail(email: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}
