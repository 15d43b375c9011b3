import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { users } from '@/db/schema';
import { createResendReceiving } from '@/lib/mail/resend-receiving';
import { issueReplyAddress } from '@/lib/services/notifications/issue-reply-address';
import { thread } from '@/test/messages';
import { providerStandIn } from '@/test/provider-stand-in';
import {
  appliedIds,
  emailReceivedEvent,
  svixHeaders,
  threadMessages,
  withResendWebhookSecret,
} from '@/test/resend-inbound';
import { receiveInboundEmail } from './receive-inbound-email';

// With RESEND_API_KEY the body is fetched from Resend's receiving API: here a local stand-in
// (test/provider-stand-in.ts); what is asserted is what the SDK asks for and what the service makes of the answer.
withResendWebhookSecret();
const API_KEY = 're_test_receiving_0123456789';
let body: Record<string, unknown> = {};
const resendApi = providerStandIn(() => body);

async function delivery(emailId: string, to: string[]) {
  const raw = JSON.stringify(emailReceivedEvent({ emailId, from: 'x@example.com', to }));
  const headers = svixHeaders(raw);
  return {
    raw,
    svix: { id: headers['svix-id'], timestamp: headers['svix-timestamp'], signature: headers['svix-signature'] },
  };
}

describe('receiveInboundEmail with Resend’s receiving API', () => {
  it('GETs /emails/receiving/{email_id} with the key, and posts the text of the answer', async () => {
    const database = await getDatabase();
    const { parties, task } = await thread();
    const address = await issueReplyAddress(database.db, { userId: parties.worker.id, taskId: task.id });
    const [worker] = await database.db.select().from(users).where(eq(users.id, parties.worker.id));
    const emailId = crypto.randomUUID();
    body = {
      object: 'email',
      id: emailId,
      to: [address.replyTo],
      from: `Worker <${worker?.email}>`,
      subject: 'Re: your task',
      text: 'Parcel collected.\n\nOn Tue, Legwork <noreply@legwork.local> wrote:\n> Any news?',
      html: null,
      headers: { 'Message-ID': '<abc@mail.example.com>' },
      cc: [],
      bcc: [],
      reply_to: null,
      attachments: [],
    };
    const source = createResendReceiving({ apiKey: API_KEY, baseUrl: resendApi.url });
    const { raw, svix } = await delivery(emailId, [address.replyTo]);
    expect(await receiveInboundEmail(database, raw, svix, { source })).toEqual({ received: true });

    expect(resendApi.requests).toHaveLength(1);
    expect(resendApi.requests[0]).toMatchObject({ method: 'GET', path: `/emails/receiving/${emailId}` });
    expect(resendApi.requests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect((await threadMessages(task.id)).map((m) => m.body)).toEqual(['Parcel collected.']);
  });

  it('a failing API is 503 SERVICE_UNAVAILABLE and gives the ids back, so the redelivery posts; a 404 is acknowledged', async () => {
    const database = await getDatabase();
    const { parties, task } = await thread();
    const address = await issueReplyAddress(database.db, { userId: parties.worker.id, taskId: task.id });
    const [worker] = await database.db.select().from(users).where(eq(users.id, parties.worker.id));
    const emailId = crypto.randomUUID();
    body = {
      object: 'email',
      id: emailId,
      to: [address.replyTo],
      from: worker?.email,
      subject: 's',
      text: 'Retried',
      html: null,
      headers: null,
    };
    const source = createResendReceiving({ apiKey: API_KEY, baseUrl: resendApi.url });
    const { raw, svix } = await delivery(emailId, [address.replyTo]);

    resendApi.replies.push({ status: 500, body: { statusCode: 500, name: 'internal_server_error', message: 'boom' } });
    await expect(receiveInboundEmail(database, raw, svix, { source })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      status: 503,
    });
    expect(await appliedIds([svix.id, emailId])).toEqual([]);
    expect(await receiveInboundEmail(database, raw, svix, { source })).toEqual({ received: true });
    expect((await threadMessages(task.id)).map((m) => m.body)).toEqual(['Retried']);

    const gone = await delivery(crypto.randomUUID(), [address.replyTo]);
    resendApi.replies.push({ status: 404, body: { statusCode: 404, name: 'not_found', message: 'Email not found' } });
    expect(await receiveInboundEmail(database, gone.raw, gone.svix, { source })).toEqual({ received: true });
    expect(await threadMessages(task.id)).toHaveLength(1);
  });
});
