import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { replyTokens, type Task, taskAssignments, tasks, users } from '@/db/schema';
import { sha256Hex } from '@/lib/auth/tokens';
import type { TestInboundEmail } from '@/lib/mail/test-inbound-emails';
import { MAX_MESSAGE_CHARS } from '@/lib/schemas/messages';
import { THREAD_CLOSED_REPLY } from '@/lib/services/email-replies/refuse-closed-thread';
import { issueReplyAddress } from '@/lib/services/notifications/issue-reply-address';
import { captureLogs, restoreLogs } from '@/test/capture-logs';
import { envelope } from '@/test/expect';
import { send } from '@/test/http';
import { messageEvents, thread } from '@/test/messages';
import {
  appliedIds,
  closedNoticesTo,
  emailReceivedEvent,
  receivedTestEmail,
  signedResendRequest,
  threadMessages,
  withResendWebhookSecret,
} from '@/test/resend-inbound';
import { POST } from './route';

withResendWebhookSecret();
afterEach(restoreLogs);

const deliver = (body: unknown, options?: Parameters<typeof signedResendRequest>[1]) =>
  send(POST, signedResendRequest(body, options));

async function emailOf(userId: string): Promise<string> {
  const { db } = await getDatabase();
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

/** A task between an operator (requester side) and a worker, and a reply address for `who` on it. */
async function replyFixture(status: Task['status'] = 'accepted', who: 'worker' | 'operator' = 'worker') {
  const { db } = await getDatabase();
  const { parties, task } = await thread(status);
  const userId = parties[who].id;
  const address = await issueReplyAddress(db, { userId, taskId: task.id });
  return { parties, task, userId, address, sender: await emailOf(userId) };
}

type Fixture = Awaited<ReturnType<typeof replyFixture>>;

/** A received email from the fixture's person to its reply address (test mode's store), and its event. */
const replyOf = (fixture: Fixture, fields: Partial<TestInboundEmail>) =>
  receivedTestEmail({ from: fixture.sender, to: [fixture.address.replyTo], subject: 's', text: 'x', ...fields });

const QUOTED_REPLY = [
  'I am outside the shop now, the door is locked.',
  '',
  'Shall I wait?',
  '',
  '-- ',
  'Mia Schmidt',
  'Sent from my phone',
  '',
  'On Tue, Nov 25, 2026 at 10:00 AM Legwork <noreply@legwork.local> wrote:',
  '> The requester wrote:',
  '> Please ring twice.',
].join('\n');

describe('POST /v1/webhooks/email/inbound: reply-by-email', () => {
  it('posts the reply, quoted text and signature stripped, as the token’s person; fires the message event once', async () => {
    const { parties, task, userId, address, sender } = await replyFixture();
    const event = await receivedTestEmail({
      from: `Mia Schmidt <${sender.toUpperCase()}>`,
      to: [address.replyTo.replace('@reply.legwork.local', '@REPLY.Legwork.Local')],
      subject: 'Re: A message about your task',
      text: QUOTED_REPLY,
    });
    const res = await deliver(event, { id: 'msg_first' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: true });

    const messages = await threadMessages(task.id);
    expect(messages).toEqual([
      expect.objectContaining({
        senderId: userId,
        body: 'I am outside the shop now, the door is locked.\n\nShall I wait?',
      }),
    ]);
    const events = await messageEvents(task.id);
    expect(events).toHaveLength(1);
    expect(events[0]?.audience).toEqual([parties.agent.id, parties.operator.id]);
    expect(await appliedIds(['msg_first', event.data.email_id])).toEqual([
      `resend-email:${event.data.email_id}`,
      'resend:msg_first',
    ]);
  });

  it('the requester side answers too: the operator’s reply is posted as theirs', async () => {
    const { task, userId, address, sender } = await replyFixture('accepted', 'operator');
    const event = await receivedTestEmail({
      from: sender,
      to: [address.replyTo],
      subject: 'Re: x',
      text: 'Yes, wait.',
    });
    expect((await deliver(event)).json).toEqual({ received: true });
    expect(await threadMessages(task.id)).toEqual([expect.objectContaining({ senderId: userId, body: 'Yes, wait.' })]);
  });

  it('finds the token in cc, or in In-Reply-To/References when the +tag was dropped', async () => {
    const cc = await replyFixture();
    const viaCc = await receivedTestEmail({
      from: cc.sender,
      to: ['someone@example.com'],
      cc: [cc.address.replyTo],
      subject: 's',
      text: 'via cc',
    });
    expect((await deliver(viaCc)).json).toEqual({ received: true });
    expect((await threadMessages(cc.task.id)).map((m) => m.body)).toEqual(['via cc']);

    const { task, address, sender } = await replyFixture();
    const event = await receivedTestEmail({
      from: sender,
      to: ['reply@reply.legwork.local'],
      subject: 'Re: x',
      text: 'via references',
      headers: { 'In-Reply-To': address.messageId, References: `<other@example.com> ${address.messageId}` },
    });
    expect((await deliver(event)).json).toEqual({ received: true });
    expect((await threadMessages(task.id)).map((m) => m.body)).toEqual(['via references']);
  });

  it('a redelivery (same svix-id) and a replay (same email_id, new svix-id) are duplicates; twins race to one post', async () => {
    const { task, address, sender } = await replyFixture();
    const event = await receivedTestEmail({ from: sender, to: [address.replyTo], subject: 's', text: 'once' });
    expect((await deliver(event, { id: 'msg_a' })).json).toEqual({ received: true });
    expect((await deliver(event, { id: 'msg_a' })).json).toEqual({ received: true, duplicate: true });
    expect((await deliver(event, { id: 'msg_b' })).json).toEqual({ received: true, duplicate: true });
    expect(await threadMessages(task.id)).toHaveLength(1);

    const raced = await receivedTestEmail({ from: sender, to: [address.replyTo], subject: 's', text: 'raced' });
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => deliver(raced, { id: `msg_race_${i}_${raced.data.email_id}` })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.json.duplicate === true)).toHaveLength(4);
    expect((await threadMessages(task.id)).map((m) => m.body)).toEqual(['once', 'raced']);
  });

  it('a forged From (another address than the token’s recipient) is acknowledged, logged, and posts nothing', async () => {
    const logged = captureLogs('warn');
    const { task, address } = await replyFixture();
    const event = await receivedTestEmail({
      from: 'Mia <attacker@example.com>',
      to: [address.replyTo],
      subject: 's',
      text: 'pay me',
    });
    const res = await deliver(event);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: true });
    expect(await threadMessages(task.id)).toEqual([]);
    expect(logged.some((line) => line.includes('the sender is not the reply address’s recipient'))).toBe(true);
  });

  it('a DMARC failure reported by the receiving server is refused as forged', async () => {
    const fixture = await replyFixture();
    const dmarc = 'mx.resend.com; spf=fail; dkim=none; dmarc=fail header.from=example.com';
    const event = await replyOf(fixture, { text: 'spoofed', headers: { 'Authentication-Results': dmarc } });
    expect((await deliver(event)).json).toEqual({ received: true });
    expect(await threadMessages(fixture.task.id)).toEqual([]);
  });

  it('drops automatic replies (Auto-Submitted, Precedence, a bounce) and posts one marked Auto-Submitted: no', async () => {
    const fixture = await replyFixture();
    const machine: Record<string, string>[] = [
      { 'Auto-Submitted': 'auto-replied' },
      { 'auto-submitted': 'auto-generated; owner-email="x@example.com"' },
      { Precedence: 'bulk' },
      { Precedence: 'auto_reply' },
      { Precedence: 'junk' },
      { Precedence: 'list' },
      { 'X-Autoreply': 'yes' },
      { 'Return-Path': '<>' },
    ];
    for (const headers of machine) {
      const event = await replyOf(fixture, { subject: 'Out of office', text: 'I am away', headers });
      expect((await deliver(event)).json, JSON.stringify(headers)).toEqual({ received: true });
    }
    expect(await threadMessages(fixture.task.id)).toEqual([]);
    await deliver(await replyOf(fixture, { text: 'typed', headers: { 'Auto-Submitted': 'no' } }));
    expect((await threadMessages(fixture.task.id)).map((m) => m.body)).toEqual(['typed']);
  });

  it('an HTML-only email is posted as plain text: no tags, scripts dropped, the quoted block stripped', async () => {
    const { task, address, sender } = await replyFixture();
    const html =
      '<html><head><style>p{color:red}</style></head><body><div>Done &amp; dusted<br>Photos <b>attached</b> <img src=x onerror=alert(1)></div>' +
      '<script>alert(1)</script><div class="gmail_quote">On Tue, Nov 25, 2026 at 10:00 AM Legwork &lt;noreply@legwork.local&gt; wrote:<blockquote><p>Any news?</p></blockquote></div></body></html>';
    const event = await receivedTestEmail({ from: sender, to: [address.replyTo], subject: 's', text: '', html });
    expect((await deliver(event)).json).toEqual({ received: true });
    expect((await threadMessages(task.id)).map((m) => m.body)).toEqual(['Done & dusted\nPhotos attached']);
  });

  it('a 1 MB body is capped at the thread’s message limit, never a 500', async () => {
    const { task, address, sender } = await replyFixture();
    const text = 'word '.repeat(210_000);
    const event = await receivedTestEmail({ from: sender, to: [address.replyTo], subject: 's', text });
    const res = await deliver(event);
    expect(res.status).toBe(200);
    const [message] = await threadMessages(task.id);
    expect(message?.body.length).toBe(MAX_MESSAGE_CHARS);
    expect(message?.body.endsWith('…')).toBe(true);
  });

  it('a closed thread posts nothing and emails the sender that it is closed', async () => {
    const closed = [
      ['completed', 'worker'],
      ['cancelled', 'operator'],
    ] as const;
    for (const [status, who] of closed) {
      const { task, address, sender } = await replyFixture(status, who);
      const event = await receivedTestEmail({
        from: sender,
        to: [address.replyTo],
        subject: 'Re: Your task',
        text: 'late reply',
      });
      expect((await deliver(event)).json, status).toEqual({ received: true });
      expect(await threadMessages(task.id), status).toEqual([]);
      const sent = await closedNoticesTo(sender);
      expect(sent, status).toEqual([
        expect.objectContaining({
          provider: 'outbox',
          subject: 'Not posted: Re: Your task',
          text: `${THREAD_CLOSED_REPLY}\n`,
          replyTo: null,
          headers: { 'Auto-Submitted': 'auto-replied' },
        }),
      ]);
      // A redelivery does not email again.
      expect((await deliver(event)).json).toEqual({ received: true, duplicate: true });
      expect(await closedNoticesTo(sender)).toHaveLength(1);
    }
  });

  it('a worker who withdrew can no longer answer by email: nothing posted, nothing sent', async () => {
    const logged = captureLogs('warn');
    const { db } = await getDatabase();
    const { task, address, sender } = await replyFixture();
    await db.update(tasks).set({ status: 'posted', workerId: null, acceptedAt: null }).where(eq(tasks.id, task.id));
    await db
      .update(taskAssignments)
      .set({ endedAt: new Date() })
      .where(and(eq(taskAssignments.taskId, task.id), isNull(taskAssignments.endedAt)));
    const event = await receivedTestEmail({ from: sender, to: [address.replyTo], subject: 's', text: 'still there?' });
    expect((await deliver(event)).json).toEqual({ received: true });
    expect(await threadMessages(task.id)).toEqual([]);
    expect(await closedNoticesTo(sender)).toEqual([]);
    expect(logged.some((line) => line.includes('no longer a party'))).toBe(true);
  });

  it('an unknown, absent or expired reply address is acknowledged and stores nothing', async () => {
    const { db } = await getDatabase();
    const { task, address, sender } = await replyFixture();
    const expired = await issueReplyAddress(db, { userId: (await replyFixture()).userId, taskId: task.id });
    await db
      .update(replyTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(replyTokens.tokenHash, sha256Hex(expired.token)));
    const recipients = [
      [`reply+${'a'.repeat(32)}@reply.legwork.local`],
      ['support@reply.legwork.local'],
      [address.replyTo.replace('reply.legwork.local', 'reply.elsewhere.example')],
      [expired.replyTo],
    ];
    for (const to of recipients) {
      const event = await receivedTestEmail({ from: sender, to, subject: 's', text: 'hello?' });
      const svixId = `msg_${randomUUID()}`;
      const res = await deliver(event, { id: svixId });
      expect(res.json, to[0]).toEqual({ received: true });
      expect(await appliedIds([svixId, event.data.email_id]), to[0]).toEqual([]);
    }
    // An email_id that test mode's store does not hold, addressed to no token.
    const missing = emailReceivedEvent({ from: sender, to: ['nobody@reply.legwork.local'] });
    expect((await deliver(missing)).json).toEqual({ received: true });
    expect(await threadMessages(task.id)).toEqual([]);
  });

  it('acknowledges other event types without storing them; a malformed email.received is 400 VALIDATION_ERROR', async () => {
    const svixId = `msg_${randomUUID()}`;
    const other = emailReceivedEvent({ type: 'email.delivered', from: 'a@example.com', to: ['b@example.com'] });
    expect((await deliver(other, { id: svixId })).json).toEqual({ received: true });
    expect(await appliedIds([svixId])).toEqual([]);

    const bad = { type: 'email.received', data: { email_id: '../../domains', to: 'x' } };
    const res = await deliver(bad);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject(envelope('VALIDATION_ERROR'));
    expect(res.json.error.issues.map((issue: { path: string[] }) => issue.path.join('.'))).toEqual([
      'data.email_id',
      'data.to',
    ]);
    const notJson = await deliver('{"type": ');
    expect(notJson.status).toBe(400);
  });
});
