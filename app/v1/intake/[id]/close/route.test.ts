import { describe, expect, it } from 'vitest';
import { auditRowsFor } from '@/test/admin';
import { envelope } from '@/test/expect';
import { call } from '@/test/http';
import { conversationRow, insertConversation, intakeAdminForFile } from '@/test/intake';
import { POST as close } from './route';

const admin = intakeAdminForFile();

const closeIt = (id: string) => call(close, `/v1/intake/${id}/close`, { token: admin.token, params: { id } });

describe('POST /v1/intake/{id}/close', () => {
  it('closes an open conversation; closing it again is 409', async () => {
    const conversation = await insertConversation();
    const res = await closeIt(conversation.id);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ id: conversation.id, status: 'closed', taskId: null });
    expect((await conversationRow(conversation.id)).status).toBe('closed');

    const again = await closeIt(conversation.id);
    expect(again.status).toBe(409);
    expect(again.json).toEqual(envelope('INTAKE_NOT_OPEN', { details: { status: 'closed' } }));
    // One audit row: the refused second close wrote none.
    expect(await auditRowsFor(conversation.id)).toEqual([
      expect.objectContaining({
        actorId: admin.userId,
        action: 'intake.close',
        targetType: 'intake_conversation',
        before: { status: 'open' },
        after: { status: 'closed' },
      }),
    ]);
  });

  it('a converted conversation stays converted (409)', async () => {
    const conversation = await insertConversation({ status: 'converted' });
    const res = await closeIt(conversation.id);
    expect(res.status).toBe(409);
    expect(res.json).toEqual(envelope('INTAKE_NOT_OPEN', { details: { status: 'converted' } }));
    expect((await conversationRow(conversation.id)).status).toBe('converted');
  });

  it('the number can open a new conversation once the old one is closed', async () => {
    const conversation = await insertConversation();
    expect((await closeIt(conversation.id)).status).toBe(200);
    const next = await insertConversation({ phone: conversation.phone });
    expect(next.status).toBe('open');
  });
});
