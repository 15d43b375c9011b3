import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { TEST_MODE_RESEND_WEBHOOK_SECRET } from '@/lib/mail/resend-webhook';
import { issueReplyAddress } from '@/lib/services/notifications/issue-reply-address';
import { captureLogs, restoreLogs } from '@/test/capture-logs';
import { withEnv } from '@/test/env';
import { envelope } from '@/test/expect';
import { send } from '@/test/http';
import { thread } from '@/test/messages';
import { expectRequestId } from '@/test/raw-requests';
import {
  appliedIds,
  emailReceivedEvent,
  INBOUND_EMAIL_URL,
  receivedTestEmail,
  resendWebhookSecret,
  svixHeaders,
  threadMessages,
  withResendWebhookSecret,
} from '@/test/resend-inbound';
import { POST } from './route';

withResendWebhookSecret();
afterEach(restoreLogs);

const HINT =
  'Sign `<svix-id>.<svix-timestamp>.<body>` with the endpoint’s whsec_ secret (Svix); the timestamp must be within 300 seconds.';
const invalid = (message: string) => envelope('INVALID_SIGNATURE', { message, hint: HINT });
const NOT_CONFIGURED = envelope('WEBHOOK_NOT_CONFIGURED', {
  hint: 'Set RESEND_WEBHOOK_SECRET (the whsec_ signing secret of the Resend webhook) and resend the event.',
});

function deliver(body: string, headers: Record<string, string>, extra: Record<string, string> = {}) {
  return send(
    POST,
    new Request(INBOUND_EMAIL_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers, ...extra },
      body,
    }),
  );
}

/** A valid reply (a task thread, a reply address, the email in test mode's store) not yet delivered. */
async function pendingReply(text = 'On my way') {
  const { db } = await getDatabase();
  const { parties, task } = await thread();
  const address = await issueReplyAddress(db, { userId: parties.worker.id, taskId: task.id });
  const [user] = await db.query.users.findMany({ where: (u, { eq }) => eq(u.id, parties.worker.id) });
  const event = await receivedTestEmail({ from: user?.email ?? '', to: [address.replyTo], subject: 'Re: x', text });
  return { task, event, body: JSON.stringify(event) };
}

const seconds = (offset: number) => new Date(Date.now() + offset * 1000);

describe('POST /v1/webhooks/email/inbound: signature and limits', () => {
  it('every bad signature is 400 INVALID_SIGNATURE in the exact envelope and stores nothing', async () => {
    const { task, event, body } = await pendingReply();
    const id = `msg_${randomUUID()}`;
    const good = svixHeaders(body, { id });
    const otherSecret = `whsec_${Buffer.from('another secret of 24 bytes').toString('base64')}`;
    const without = (name: string) => Object.fromEntries(Object.entries(good).filter(([key]) => key !== name));
    const cases: [string, string, Record<string, string>, string][] = [
      ['no headers', body, {}, 'Missing svix-id, svix-timestamp or svix-signature header'],
      ['no svix-id', body, without('svix-id'), 'Missing svix-id, svix-timestamp or svix-signature header'],
      ['no timestamp', body, without('svix-timestamp'), 'Missing svix-id, svix-timestamp or svix-signature header'],
      ['no signature', body, without('svix-signature'), 'Missing svix-id, svix-timestamp or svix-signature header'],
      ['an hour old', body, svixHeaders(body, { id, at: seconds(-3600) }), 'svix-timestamp is outside the tolerance'],
      [
        'six minutes old',
        body,
        svixHeaders(body, { id, at: seconds(-360) }),
        'svix-timestamp is outside the tolerance',
      ],
      ['an hour ahead', body, svixHeaders(body, { id, at: seconds(3600) }), 'svix-timestamp is outside the tolerance'],
      [
        'non-digit timestamp',
        body,
        { ...good, 'svix-timestamp': `${good['svix-timestamp']}abc` },
        'svix-timestamp must be unix seconds (digits only)',
      ],
      [
        'signed with another secret',
        body,
        svixHeaders(body, { id, secret: otherSecret }),
        'No signature matches the body',
      ],
      ['body changed after signing', body.replace('Re: x', 'Re: y'), good, 'No signature matches the body'],
      ['svix-id changed after signing', body, { ...good, 'svix-id': 'msg_other' }, 'No signature matches the body'],
      [
        'timestamp changed after signing',
        body,
        { ...good, 'svix-timestamp': String(Number(good['svix-timestamp']) - 1) },
        'No signature matches the body',
      ],
      [
        'a v2 signature only',
        body,
        { ...good, 'svix-signature': good['svix-signature'].replace('v1,', 'v2,') },
        'No signature matches the body',
      ],
      [
        'svix-id over 255 characters',
        body,
        { ...good, 'svix-id': 'm'.repeat(256) },
        'svix-id must be at most 255 characters',
      ],
    ];
    for (const [label, sent, headers, message] of cases) {
      const res = await deliver(sent, headers);
      expect(res.status, label).toBe(400);
      expect(res.json, label).toEqual(invalid(message));
      expectRequestId(res);
    }
    expect(await appliedIds([id, event.data.email_id])).toEqual([]);
    expect(await threadMessages(task.id)).toEqual([]);
    // Several signatures, one of them valid (a secret rotation), pass.
    const rotated = {
      ...good,
      'svix-signature': `v1,${Buffer.alloc(32).toString('base64')} ${good['svix-signature']}`,
    };
    expect((await deliver(body, rotated)).json).toEqual({ received: true });
    expect(await threadMessages(task.id)).toHaveLength(1);
  });

  it('checks the signature before parsing: an unsigned malformed body is INVALID_SIGNATURE, not VALIDATION_ERROR', async () => {
    const res = await deliver('{"type": ', {
      'svix-id': 'msg_x',
      'svix-timestamp': String(Math.floor(Date.now() / 1000)),
      'svix-signature': `v1,${Buffer.alloc(32).toString('base64')}`,
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(invalid('No signature matches the body'));
  });

  it('a RESEND_WEBHOOK_SECRET that is not base64 refuses every delivery as INVALID_SIGNATURE and logs why', async () => {
    const logged = captureLogs('error');
    const body = JSON.stringify(emailReceivedEvent({ from: 'a@example.com', to: ['b@example.com'] }));
    const res = await withEnv({ RESEND_WEBHOOK_SECRET: 'whsec_not*base64!' }, () => deliver(body, svixHeaders(body)));
    expect(res.status).toBe(400);
    expect(res.json).toEqual(invalid('No signature matches the body'));
    expect(logged.some((line) => line.includes('RESEND_WEBHOOK_SECRET is not a whsec_ secret'))).toBe(true);
  });

  it('without RESEND_WEBHOOK_SECRET, with a Resend API key or no test mailbox, every delivery is 500 WEBHOOK_NOT_CONFIGURED', async () => {
    const { task, body } = await pendingReply();
    const unconfigured = [
      { RESEND_WEBHOOK_SECRET: undefined, RESEND_API_KEY: 're_live_key' },
      { RESEND_WEBHOOK_SECRET: '', RESEND_API_KEY: 're_live_key' },
      { RESEND_WEBHOOK_SECRET: undefined, NODE_ENV: 'production', LEGWORK_DEV_MAILBOX: '0' },
    ];
    for (const vars of unconfigured) {
      await withEnv(vars, async () => {
        for (const headers of [svixHeaders(body), {}]) {
          const res = await deliver(body, headers);
          expect(res.status, JSON.stringify(vars)).toBe(500);
          expect(res.json).toEqual(NOT_CONFIGURED);
          expectRequestId(res);
        }
      });
    }
    expect(await threadMessages(task.id)).toEqual([]);
  });

  it('test mode (no secret, no Resend key, the dev mailbox on) verifies with the built-in test secret only', async () => {
    const { task, body } = await pendingReply('Signed with the test-mode secret');
    await withEnv({ RESEND_WEBHOOK_SECRET: undefined, RESEND_API_KEY: undefined }, async () => {
      const wrong = await deliver(body, svixHeaders(body, { secret: resendWebhookSecret }));
      expect(wrong.json).toEqual(invalid('No signature matches the body'));
      const res = await deliver(body, svixHeaders(body, { secret: TEST_MODE_RESEND_WEBHOOK_SECRET }));
      expect(res.json).toEqual({ received: true });
    });
    expect((await threadMessages(task.id)).map((m) => m.body)).toEqual(['Signed with the test-mode secret']);
  });

  it('a signed body over 1 MB is 413 PAYLOAD_TOO_LARGE (streamed or with a declared Content-Length), storing nothing', async () => {
    const event = {
      ...emailReceivedEvent({ from: 'a@example.com', to: ['b@example.com'] }),
      padding: 'x'.repeat(1024 * 1024),
    };
    const body = JSON.stringify(event);
    const headers = svixHeaders(body, { id: 'msg_too_large' });
    const declared: Record<string, string>[] = [{}, { 'content-length': String(Buffer.byteLength(body)) }];
    for (const extra of declared) {
      const res = await deliver(body, headers, extra);
      expect(res.status).toBe(413);
      expect(res.json).toEqual(envelope('PAYLOAD_TOO_LARGE'));
    }
    expect(await appliedIds(['msg_too_large', event.data.email_id])).toEqual([]);
  });

  it('needs no API key, session or Idempotency-Key: the signature is the only credential', async () => {
    const { body } = await pendingReply();
    const res = await send(
      POST,
      new Request(INBOUND_EMAIL_URL, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: 'Bearer not-a-key',
          'idempotency-key': randomUUID(),
          ...svixHeaders(body),
        },
        body,
      }),
    );
    expect(res.json).toEqual({ received: true });
  });
});
