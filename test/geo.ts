import { expect } from 'vitest';
import { getDatabase } from '@/db/client';
import type { RouteHandler } from '@/lib/api/route';
import { validationEnvelope } from './expect';
import { insertApiKey, insertUser } from './factories';
import { type CallResult, call, uniqueIp } from './http';

// Shared by the geo routes' tests. They read the gazetteer file in node_modules: nothing leaves the machine.

/** An agent's key without any scope: geo reads need none. */
export async function agentKey() {
  const { db } = await getDatabase();
  const user = await insertUser(db, { type: 'agent', email: null });
  return (await insertApiKey(db, { userId: user.id, scopes: [] })).key;
}

/** GET `path` with `query`, as a new agent unless a token is given. */
export async function geoGet(handler: RouteHandler, path: string, query: Record<string, string>, token?: string) {
  return call(handler, path, { token: token ?? (await agentKey()), ip: uniqueIp(), query });
}

/** A 400 VALIDATION_ERROR envelope whose issues name `field`. */
export function expectRefused(res: CallResult, field: string) {
  expect(res.status).toBe(400);
  expect(res.json).toEqual(validationEnvelope(res.json.error.issues));
  expect(res.json.error.issues).toContainEqual(expect.objectContaining({ path: [field] }));
}

/** GeoNames' Paris, as both routes answer it. */
export const PARIS = {
  name: 'Paris',
  country: 'FR',
  region: null,
  lat: 48.85341,
  lng: 2.3488,
  population: 2_138_551,
} as const;
