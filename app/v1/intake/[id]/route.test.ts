import { describe, expect, it } from 'vitest';
import { call } from '@/test/http';
import { conversationRow, insertConversation, intakeAdminForFile } from '@/test/intake';
import { POST as reply } from './reply/route';
import { GET as getOne } from './route';

const admin = intakeAdminForFile();

const open = (id: string) => call(getOne, `/v1/intake/${id}`, { token: admin.token, params: { id } });

describe('GET /v1/intake/{id}', () => {
  it('shows the conversation with its messages oldest first, both directions, and marks it read', async () => {
    const conversation = await insertConversation({
      lastMessageAt: new Date(Date.now() - 60_000),
      inbound: ['Hi, I need a parcel picked up', 'At 12 Main St, by 5 pm'],
    });
    const answered = await call(reply, `/v1/intake/${conversation.id}/reply`, {
      token: admin.token,
      params: { id: conversation.id },
      body: { body: 'Sure, how big is it?' },
    });
    expect(answered.status).toBe(201);
    expect((await conversationRow(conversation.id)).unreadCount).toBe(2);

    const res = await open(conversation.id);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      id: conversation.id,
      phone: conversation.phone,
      status: 'open',
      lastMessageAt: answered.json.data.createdAt,
      messageCount: 3,
      unreadCount: 0,
      taskId: null,
      messages: [
        {
          id: expect.any(String),
          direction: 'inbound',
          body: 'Hi, I need a parcel picked up',
          status: null,
          sentBy: null,
          createdAt: expect.any(String),
        },
        expect.objectContaining({ direction: 'inbound', body: 'At 12 Main St, by 5 pm', status: null }),
        {
          id: answered.json.data.id,
          direction: 'outbound',
          body: 'Sure, how big is it?',
          status: 'queued',
          sentBy: admin.userId,
          createdAt: answered.json.data.createdAt,
        },
      ],
    });
    expect((await conversationRow(conversation.id)).unreadCount).toBe(0);
    // Opening it again changes nothing more.
    expect((await open(conversation.id)).json.data.unreadCount).toBe(0);
  });
});
