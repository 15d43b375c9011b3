import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAgentViaApi } from '@/test/agents';
import { envelope, UNAUTHORIZED_BODY } from '@/test/expect';
import { call } from '@/test/http';
import { conversationRow, insertConversation, intakeAdminForFile, privateTimeline } from '@/test/intake';
import { signUpViaApi } from '@/test/sessions';
import { POST as close } from './[id]/close/route';
import { POST as convert } from './[id]/convert/route';
import { POST as reply } from './[id]/reply/route';
import { GET as getOne } from './[id]/route';
import { GET as list } from './route';

const admin = intakeAdminForFile();

const FORBIDDEN = envelope('FORBIDDEN', {
  message: 'Only admins can use the SMS intake',
  hint: 'Sign in as a user whose verified email is listed in ADMIN_EMAILS.',
});

const listIntake = (token: string | undefined, query: Record<string, string> = {}) =>
  call(list, '/v1/intake', { token, query });

/** Every intake operation, called with valid input on a conversation. */
function everyOperation(id: string) {
  const params = { id };
  return [
    ['GET /v1/intake', (token?: string) => listIntake(token)],
    ['GET /v1/intake/{id}', (token?: string) => call(getOne, `/v1/intake/${id}`, { token, params })],
    [
      'POST /v1/intake/{id}/reply',
      (token?: string) => call(reply, `/v1/intake/${id}/reply`, { token, params, body: { body: 'On it' } }),
    ],
    [
      'POST /v1/intake/{id}/convert',
      (token?: string) =>
        call(convert, `/v1/intake/${id}/convert`, { token, params, body: { task: { title: 'Pick up a parcel' } } }),
    ],
    ['POST /v1/intake/{id}/close', (token?: string) => call(close, `/v1/intake/${id}/close`, { token, params })],
  ] as const;
}

describe('intake: admins only', () => {
  it('every operation is 401 without a credential', async () => {
    const conversation = await insertConversation();
    for (const [name, send] of everyOperation(conversation.id)) {
      const res = await send(undefined);
      expect(res.status, name).toBe(401);
      expect(res.json, name).toEqual(UNAUTHORIZED_BODY);
    }
  });

  it('every operation is 403 for a signed-in non-admin and for an API key', async () => {
    const conversation = await insertConversation();
    const user = await signUpViaApi('not-admin');
    for (const [name, send] of everyOperation(conversation.id)) {
      const res = await send(user.token);
      expect(res.status, name).toBe(403);
      expect(res.json, name).toEqual(FORBIDDEN);
    }
    const agent = await createAgentViaApi(admin.token);
    for (const [name, send] of everyOperation(conversation.id)) {
      const res = await send(agent.key);
      expect(res.status, name).toBe(403);
      expect(res.json.error.code, name).toBe('FORBIDDEN');
    }
    // Nothing changed: still open, unread, no task.
    expect(await conversationRow(conversation.id)).toMatchObject({
      status: 'open',
      unreadCount: 1,
      taskId: null,
      messageCount: 1,
    });
  });

  it('an unknown conversation is 404 for an admin', async () => {
    const id = randomUUID();
    for (const [name, send] of everyOperation(id).slice(1)) {
      const res = await send(admin.token);
      expect(res.status, name).toBe(404);
      expect(res.json, name).toEqual(envelope('NOT_FOUND', { message: 'No such intake conversation' }));
    }
  });
});

describe('GET /v1/intake', () => {
  it('lists conversations latest message first, a page at a time', async () => {
    const time = privateTimeline();
    const oldest = await insertConversation({ lastMessageAt: time.at(1) });
    const middle = await insertConversation({ lastMessageAt: time.at(2), inbound: ['one', 'two'] });
    const newest = await insertConversation({ lastMessageAt: time.at(3), status: 'closed' });

    const first = await listIntake(admin.token, { cursor: time.cursorAfter(4), limit: '2' });
    expect(first.status).toBe(200);
    expect(first.json.data).toEqual([
      {
        id: newest.id,
        phone: newest.phone,
        status: 'closed',
        lastMessageAt: time.at(3).toISOString(),
        messageCount: 1,
        unreadCount: 1,
        taskId: null,
      },
      {
        id: middle.id,
        phone: middle.phone,
        status: 'open',
        lastMessageAt: time.at(2).toISOString(),
        messageCount: 2,
        unreadCount: 2,
        taskId: null,
      },
    ]);
    expect(first.json.hasMore).toBe(true);
    const second = await listIntake(admin.token, { cursor: first.json.nextCursor, limit: '2' });
    expect(second.status).toBe(200);
    expect(second.json.data[0].id).toBe(oldest.id);
  });

  it('filters by status', async () => {
    const time = privateTimeline();
    const open = await insertConversation({ lastMessageAt: time.at(1) });
    const converted = await insertConversation({ lastMessageAt: time.at(2), status: 'converted' });
    const closed = await insertConversation({ lastMessageAt: time.at(3), status: 'closed' });
    for (const [status, expected] of [
      ['open', open],
      ['converted', converted],
      ['closed', closed],
    ] as const) {
      const res = await listIntake(admin.token, { status, cursor: time.cursorAfter(4), limit: '1' });
      expect(res.status).toBe(200);
      expect(res.json.data.map((row: { id: string }) => row.id)).toEqual([expected.id]);
      expect(res.json.data[0].status).toBe(status);
    }
  });

  it('an unknown status or a bad cursor is 400', async () => {
    const queries: Record<string, string>[] = [{ status: 'pending' }, { cursor: 'not-a-cursor' }, { limit: '0' }];
    for (const query of queries) {
      const res = await listIntake(admin.token, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
    }
  });
});
