import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { adminForFile } from '@/test/admin';
import { validationEnvelope } from '@/test/expect';
import { insertUser } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { insertWorkerProfile } from '@/test/workers';
import { GET as listUsers } from './route';

const admin = adminForFile();

const list = (query: Record<string, string>) =>
  call(listUsers, '/v1/admin/users', { token: admin.token, query, ip: uniqueIp() });

describe('GET /v1/admin/users', () => {
  it('finds accounts by part of the email or name, newest first, a page at a time', async () => {
    const { db } = await getDatabase();
    const tag = randomBytes(5).toString('hex');
    // A second apart: rows inserted back to back can share a timestamp (PGlite's clock), and ties go by id.
    const at = (seconds: number) => new Date(Date.now() - 60_000 + seconds * 1000);
    const older = await insertUser(db, { email: `first-${tag}@example.com`, name: 'Ada', createdAt: at(0) });
    const operator = await insertUser(db, { email: `second-${tag}@example.com`, name: 'Grace', createdAt: at(1) });
    const byName = await insertUser(db, { name: `Named ${tag.toUpperCase()}`, createdAt: at(2) });
    const agent = await insertUser(db, { type: 'agent', email: null, ownerId: operator.id, name: 'Scout' });
    await insertUser(db, { type: 'agent', email: null, ownerId: operator.id, name: 'Gone', deletedAt: new Date() });
    await insertWorkerProfile(older.id, { isListed: true });

    const first = await list({ q: tag, limit: '2' });
    expect(first.status, first.text).toBe(200);
    expect(first.json.data.map((user: { id: string }) => user.id)).toEqual([byName.id, operator.id]);
    expect(first.json.hasMore).toBe(true);
    const second = await list({ q: tag, limit: '2', cursor: first.json.nextCursor });
    expect(second.json).toMatchObject({ hasMore: false, nextCursor: null });
    expect(second.json.data).toEqual([
      {
        id: older.id,
        email: older.email,
        name: 'Ada',
        type: 'human',
        ownerId: null,
        createdAt: older.createdAt.toISOString(),
        suspendedAt: null,
        suspensionReason: null,
        isAdmin: false,
        isWorker: true,
        listed: true,
        agentCount: 0,
        operator: null,
      },
    ]);
    expect(first.json.data[1]).toMatchObject({ isWorker: false, listed: false, agentCount: 1, operator: null });
    const agents = await list({ q: agent.id });
    expect(agents.json.data).toEqual([
      expect.objectContaining({
        id: agent.id,
        type: 'agent',
        ownerId: operator.id,
        operator: { id: operator.id, name: 'Grace', email: operator.email },
        agentCount: 0,
      }),
    ]);
  });

  it('an id finds exactly that account; % and _ match themselves; an admin shows as one', async () => {
    const { db } = await getDatabase();
    const tag = randomBytes(5).toString('hex');
    const literal = await insertUser(db, { name: `100%_${tag}` });
    await insertUser(db, { name: `100ab${tag}` });
    expect((await list({ q: `%_${tag}` })).json.data.map((user: { id: string }) => user.id)).toEqual([literal.id]);
    const byId = await list({ q: admin.userId });
    expect(byId.json.data).toEqual([expect.objectContaining({ id: admin.userId, email: admin.email, isAdmin: true })]);
    expect((await list({ q: `nobody-${tag}` })).json).toEqual({ data: [], nextCursor: null, hasMore: false });
  });

  it('refuses a bad cursor or limit with 400', async () => {
    const queries: Record<string, string>[] = [
      { cursor: 'nonsense' },
      { limit: '0' },
      { limit: '101' },
      { q: 'x'.repeat(201) },
    ];
    for (const query of queries) {
      const res = await list(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('a NUL in `q` is 400 VALIDATION_ERROR naming it, not a 500 from Postgres (found by test/fuzz)', async () => {
    const res = await list({ q: 'a\u0000b' });
    expect(res.status, res.text).toBe(400);
    expect(res.json).toEqual(
      validationEnvelope([{ path: ['q'], message: 'Must not contain NUL (\\u0000) characters' }]),
    );
  });
});
