import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST } from '@/app/v1/webhooks/email/inbound/route';
import { getDatabase } from '@/db/client';
import { emails } from '@/db/schema';
import { getMailer } from '@/lib/mail/get-mailer';
import { signResendWebhook, TEST_MODE_RESEND_WEBHOOK_SECRET } from '@/lib/mail/resend-webhook';
import { issueReplyAddress } from '@/lib/services/notifications/issue-reply-address';
import { withEnv } from '@/test/env';
import { send } from '@/test/http';
import { thread } from '@/test/messages';
import { INBOUND_EMAIL_URL, threadMessages } from '@/test/resend-inbound';
import { composeTestReply } from './compose-test-reply';

describe('composeTestReply (the /dev/mailbox Reply box)', () => {
  it('answers an outbox email as its recipient; signed with the test-mode secret, the webhook posts it', async () => {
    const { db } = await getDatabase();
    const { parties, task } = await thread();
    const [worker] = await db.query.users.findMany({ where: (u, { eq }) => eq(u.id, parties.worker.id) });
    const address = await issueReplyAddress(db, { userId: parties.worker.id, taskId: task.id });
    const { id: emailId } = await getMailer(db).send({
      to: worker?.email ?? '',
      subject: 'New message about your task',
      text: 'The requester wrote:\nPlease ring twice.',
      replyTo: address.replyTo,
      headers: { 'Message-ID': address.messageId },
    });

    const payload = await composeTestReply(db, { emailId, body: 'Will do, ringing twice.' });
    const event = JSON.parse(payload);
    expect(event).toMatchObject({
      type: 'email.received',
      data: { from: worker?.email, to: [address.replyTo], subject: 'Re: New message about your task' },
    });
    // Quoted the way every server text writes a moment: to the minute, its zone named.
    const [stored] = await db.select().from(emails).where(eq(emails.id, event.data.email_id));
    expect(stored?.text).toMatch(
      /\n\nOn [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC, .+ wrote:\n> The requester wrote:/,
    );

    const res = await withEnv({ RESEND_WEBHOOK_SECRET: undefined, RESEND_API_KEY: undefined }, () =>
      send(
        POST,
        new Request(INBOUND_EMAIL_URL, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...signResendWebhook(payload, { secret: TEST_MODE_RESEND_WEBHOOK_SECRET, id: `msg_${emailId}` }),
          },
          body: payload,
        }),
      ),
    );
    expect(res.json).toEqual({ received: true });
    // The quoted original under "On … wrote:" is stripped.
    expect((await threadMessages(task.id)).map((m) => m.body)).toEqual(['Will do, ringing twice.']);
  });

  it('refuses an email without a reply address, or one that is not in the outbox', async () => {
    const { db } = await getDatabase();
    const { id } = await getMailer(db).send({ to: 'someone@example.com', subject: 'Verify', text: 'link' });
    for (const emailId of [id, crypto.randomUUID()]) {
      await expect(composeTestReply(db, { emailId, body: 'hi' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
