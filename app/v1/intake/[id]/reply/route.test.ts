import { describe, expect, it } from 'vitest';
import { auditRowsFor } from '@/test/admin';
import { envelope } from '@/test/expect';
import { call } from '@/test/http';
import {
  conversationRow,
  insertConversation,
  intakeAdminForFile,
  messageRows,
  optOut,
  outboxRows,
} from '@/test/intake';
import { POST as reply } from './route';

const admin = intakeAdminForFile();

const send = (id: string, body: unknown) =>
  call(reply, `/v1/intake/${id}/reply`, { token: admin.token, params: { id }, body, ip: '198.51.100.4' });

describe('POST /v1/intake/{id}/reply', () => {
  it('queues the SMS and stores it as the conversation’s latest outbound message', async () => {
    const conversation = await insertConversation({ lastMessageAt: new Date(Date.now() - 60_000) });
    const res = await send(conversation.id, { body: '  We can do that today.  ' });
    expect(res.status).toBe(201);
    expect(res.json.data).toEqual({
      id: expect.any(String),
      direction: 'outbound',
      body: 'We can do that today.',
      status: 'queued',
      sentBy: admin.userId,
      createdAt: expect.any(String),
    });
    const outbox = await outboxRows(conversation.phone);
    expect(outbox).toEqual([
      expect.objectContaining({ to: conversation.phone, body: 'We can do that today.', status: 'queued' }),
    ]);
    const stored = await messageRows(conversation.id);
    expect(stored.at(-1)).toMatchObject({
      id: res.json.data.id,
      direction: 'outbound',
      outboxId: outbox[0]?.id,
      sentBy: admin.userId,
      status: 'queued',
    });
    const row = await conversationRow(conversation.id);
    expect(row.messageCount).toBe(2);
    expect(row.lastMessageAt.toISOString()).toBe(res.json.data.createdAt);
    expect(row.unreadCount).toBe(1);
    expect(await auditRowsFor(conversation.id)).toEqual([
      expect.objectContaining({
        actorId: admin.userId,
        action: 'intake.reply',
        targetType: 'intake_conversation',
        after: { messageId: res.json.data.id, body: 'We can do that today.' },
        ip: '198.51.100.4',
      }),
    ]);
  });

  it('is 409 SMS_OPTED_OUT for a number that texted STOP, storing nothing', async () => {
    const conversation = await insertConversation();
    await optOut(conversation.phone);
    const res = await send(conversation.id, { body: 'Hello?' });
    expect(res.status).toBe(409);
    expect(res.json).toEqual(envelope('SMS_OPTED_OUT'));
    expect(await outboxRows(conversation.phone)).toEqual([]);
    expect(await messageRows(conversation.id)).toHaveLength(1);
    expect((await conversationRow(conversation.id)).messageCount).toBe(1);
    expect(await auditRowsFor(conversation.id)).toEqual([]);
  });

  it('is 409 INTAKE_NOT_OPEN for a converted or closed conversation', async () => {
    for (const status of ['converted', 'closed'] as const) {
      const conversation = await insertConversation({ status });
      const res = await send(conversation.id, { body: 'Hello?' });
      expect(res.status).toBe(409);
      expect(res.json).toEqual(envelope('INTAKE_NOT_OPEN', { details: { status } }));
      expect(await outboxRows(conversation.phone)).toEqual([]);
    }
  });

  it('an empty, blank or too long body is 400 and sends nothing', async () => {
    const conversation = await insertConversation();
    for (const body of [{ body: '' }, { body: '   ' }, { body: 'x'.repeat(1601) }, {}]) {
      const res = await send(conversation.id, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
    }
    expect(await outboxRows(conversation.phone)).toEqual([]);
    expect((await send(conversation.id, { body: 'x'.repeat(1600) })).status).toBe(201);
  });
});
