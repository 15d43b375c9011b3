import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { emails } from '@/db/schema';
import { uniqueEmail } from '@/test/factories';
import { createOutboxMailer } from './outbox-mailer';

const FROM = 'Legwork <noreply@legwork.local>';

describe('the outbox mailer', () => {
  it('stores the message as an outbox row and returns its id', async () => {
    const { db } = await getDatabase();
    const mailer = createOutboxMailer(db, FROM);
    expect(mailer.name).toBe('outbox');
    const to = uniqueEmail('outbox');
    const { id } = await mailer.send({
      to,
      subject: 'Hello',
      text: 'Body https://example.com',
      html: '<p>Body</p>',
      replyTo: 'reply+abc@reply.legwork.local',
      headers: { 'List-Unsubscribe': '<https://example.com/u>' },
    });
    const rows = await db.select().from(emails).where(eq(emails.to, to));
    expect(rows).toEqual([
      {
        id,
        provider: 'outbox',
        providerId: null,
        to,
        from: FROM,
        subject: 'Hello',
        text: 'Body https://example.com',
        html: '<p>Body</p>',
        replyTo: 'reply+abc@reply.legwork.local',
        headers: { 'List-Unsubscribe': '<https://example.com/u>' },
        createdAt: expect.any(Date),
      },
    ]);
  });

  it('stores no html when the message has none', async () => {
    const { db } = await getDatabase();
    const to = uniqueEmail('outbox');
    const { id } = await createOutboxMailer(db, FROM).send({ to, subject: 'Plain', text: 'Text only' });
    const [row] = await db.select().from(emails).where(eq(emails.id, id));
    expect(row).toMatchObject({ to, html: null });
  });

  it("inside a transaction, the message is kept only if the caller's transaction commits", async () => {
    const { db } = await getDatabase();
    const to = uniqueEmail('outbox');
    const rollback = new Error('rolled back on purpose');
    await expect(
      db.transaction(async (tx) => {
        await createOutboxMailer(tx, FROM).send({ to, subject: 'Never', text: 'Gone' });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await db.select().from(emails).where(eq(emails.to, to))).toEqual([]);
  });
});
