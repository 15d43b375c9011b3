import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { notify } from '@/lib/services/notifications/notify';
import { envelope, validationEnvelope } from '@/test/expect';
import { insertApiKey, insertUser } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { GET as getPreferences, PUT as putPreferences } from './preferences/route';
import { POST as readRoute } from './read/route';
import { GET as listRoute } from './route';

// GET /v1/notifications, POST /v1/notifications/read, GET|PUT /v1/notifications/preferences: a person's own
// notifications and switches; agents are refused.

async function notifyMany(userId: string, count: number) {
  const { db } = await getDatabase();
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const row = await db.transaction((tx) =>
      notify(tx, {
        userId,
        kind: 'message',
        title: `Note ${i}`,
        body: 'Body',
        link: '/worker',
        dedupeKey: randomUUID(),
      }),
    );
    if (row) ids.push(row.id);
  }
  return ids;
}

const list = (token: string, query: Record<string, string> = {}) =>
  call(listRoute, '/v1/notifications', { token, query, ip: uniqueIp() });
const markRead = (token: string, body: unknown) =>
  call(readRoute, '/v1/notifications/read', { token, body, ip: uniqueIp() });

describe('GET /v1/notifications and POST /v1/notifications/read', () => {
  it('lists newest first with a cursor, filters unread, and marks read by ids or all', async () => {
    const person = await signUpViaApi('notified');
    const ids = await notifyMany(person.userId, 3);

    const first = await list(person.token, { limit: '2' });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({
      data: [
        {
          id: ids[2],
          kind: 'message',
          title: 'Note 2',
          body: 'Body',
          taskId: null,
          link: '/worker',
          createdAt: expect.any(String),
          readAt: null,
          doneAt: null,
        },
        expect.objectContaining({ id: ids[1] }),
      ],
      nextCursor: expect.any(String),
      hasMore: true,
    });
    const second = await list(person.token, { limit: '2', cursor: first.json.nextCursor });
    expect(second.json.data.map((row: { id: string }) => row.id)).toEqual([ids[0]]);
    expect(second.json.hasMore).toBe(false);

    const other = await signUpViaApi('other');
    const [othersId] = await notifyMany(other.userId, 1);
    const read = await markRead(person.token, { ids: [ids[0], othersId] });
    expect(read.status, read.text).toBe(200);
    expect(read.json).toEqual({ data: { unread: 2 } });
    expect((await list(other.token, { unread: 'true' })).json.data).toHaveLength(1);

    const unread = await list(person.token, { unread: 'true' });
    expect(unread.json.data.map((row: { id: string }) => row.id)).toEqual([ids[2], ids[1]]);
    expect((await markRead(person.token, { all: true })).json).toEqual({ data: { unread: 0 } });
    expect((await list(person.token, { unread: 'true' })).json.data).toEqual([]);
    const all = await list(person.token);
    expect(all.json.data.every((row: { readAt: string | null }) => row.readAt !== null)).toBe(true);
  });

  it('needs exactly one of ids and all', async () => {
    const person = await signUpViaApi('notified');
    for (const body of [{}, { ids: [randomUUID()], all: true }]) {
      const res = await markRead(person.token, body);
      expect(res.status).toBe(400);
      expect(res.json).toEqual(validationEnvelope([{ path: [], message: 'Send exactly one of `ids` or `all: true`' }]));
    }
  });

  it('a person’s API key works; an agent’s key is refused', async () => {
    const { db } = await getDatabase();
    const person = await signUpViaApi('notified');
    const { key } = await insertApiKey(db, { userId: person.userId, scopes: [] });
    expect((await list(key)).status).toBe(200);
    const agent = await insertUser(db, { type: 'agent', ownerId: person.userId, email: null });
    const { key: agentKey } = await insertApiKey(db, { userId: agent.id, scopes: [] });
    for (const res of [await list(agentKey), await markRead(agentKey, { all: true })]) {
      expect(res.status).toBe(403);
      expect(res.json).toEqual(
        envelope('FORBIDDEN', {
          message: 'Notifications are for people, not agents',
          hint: 'Agents hear about their tasks through webhooks (POST /v1/webhooks); their operator sees notifications.',
        }),
      );
    }
  });
});

describe('GET|PUT /v1/notifications/preferences', () => {
  it('shows the defaults, changes only the kinds sent, and refuses an unknown kind', async () => {
    const person = await signUpViaApi('prefs');
    const get = () => call(getPreferences, '/v1/notifications/preferences', { token: person.token, ip: uniqueIp() });
    const put = (body: unknown) =>
      call(putPreferences, '/v1/notifications/preferences', { token: person.token, body, ip: uniqueIp() });

    const before = await get();
    expect(before.status, before.text).toBe(200);
    expect(before.json.data.email).toEqual(expect.objectContaining({ task_accepted: true, message: true }));
    expect(before.json.data.sms).toEqual(
      expect.objectContaining({ task_accepted: false, message: true, new_task_nearby: true }),
    );
    expect(before.json.data.push).toEqual(
      expect.objectContaining({ message: true, new_task_nearby: true, task_submitted: true, task_completed: false }),
    );
    expect(Object.keys(before.json.data.email)).toHaveLength(15);
    expect(before.json.data.agentChargeDigest).toBe(false);

    const changed = await put({ email: { message: false } });
    expect(changed.status, changed.text).toBe(200);
    const again = await put({ sms: { task_completed: true }, push: { message: false } });
    expect(again.json.data).toEqual({
      email: { ...before.json.data.email, message: false },
      sms: { ...before.json.data.sms, task_completed: true },
      push: { ...before.json.data.push, message: false },
      agentChargeDigest: false,
      messageDelivery: { email: 'none', sms: 'batched' },
    });
    expect((await get()).json).toEqual(again.json);

    const unknown = await put({ email: { new_kind: true } });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual(
      validationEnvelope([{ path: ['email'], message: expect.stringContaining('"new_kind"') }]),
    );
    expect((await get()).json).toEqual(again.json);
  });

  it('chooses how messages come per channel: each, batched or none, and refuses another word', async () => {
    const person = await signUpViaApi('modes');
    const put = (body: unknown) =>
      call(putPreferences, '/v1/notifications/preferences', { token: person.token, body, ip: uniqueIp() });
    const each = await put({ messageDelivery: { email: 'each' } });
    expect(each.status, each.text).toBe(200);
    expect(each.json.data.messageDelivery).toEqual({ email: 'each', sms: 'batched' });
    const none = await put({ messageDelivery: { sms: 'none' } });
    expect(none.json.data.messageDelivery).toEqual({ email: 'each', sms: 'none' });
    expect(none.json.data.sms.message).toBe(false);
    // Switching the channel back on keeps the mode chosen before.
    const on = await put({ sms: { message: true } });
    expect(on.json.data.messageDelivery).toEqual({ email: 'each', sms: 'batched' });
    const bad = await put({ messageDelivery: { email: 'sometimes' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.issues[0].path).toEqual(['messageDelivery', 'email']);
  });

  it('turns the daily digest of agents’ card charges on, and refuses a value that is not a boolean', async () => {
    const person = await signUpViaApi('digest');
    const put = (body: unknown) =>
      call(putPreferences, '/v1/notifications/preferences', { token: person.token, body, ip: uniqueIp() });

    const on = await put({ agentChargeDigest: true });
    expect(on.status, on.text).toBe(200);
    expect(on.json.data).toMatchObject({
      agentChargeDigest: true,
      email: expect.objectContaining({ agent_charge: true }),
    });

    const bad = await put({ agentChargeDigest: 'daily' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('VALIDATION_ERROR');
    const get = await call(getPreferences, '/v1/notifications/preferences', { token: person.token, ip: uniqueIp() });
    expect(get.json.data.agentChargeDigest).toBe(true);
  });
});
