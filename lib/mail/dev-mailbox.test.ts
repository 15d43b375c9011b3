import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { smsOutbox } from '@/db/schema';
import { resetEnvCache } from '@/lib/env';
import { queueSms } from '@/lib/services/messaging/sms/queue-sms';
import { sendDueSms } from '@/lib/services/messaging/sms/send-due-sms';
import { createOutboxMessenger } from '@/lib/sms/outbox-messenger';
import { uniqueEmail } from '@/test/factories';
import { isDevMailboxEnabled, listOutboxEmails, listOutboxTexts, splitLinks } from './dev-mailbox';
import { createOutboxMailer } from './outbox-mailer';
import { createResendMailer } from './resend-mailer';

const env = process.env as Record<string, string | undefined>;
const saved = { NODE_ENV: env.NODE_ENV, LEGWORK_DEV_MAILBOX: env.LEGWORK_DEV_MAILBOX };

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  resetEnvCache();
});

function mailboxEnabledWith(nodeEnv: string, flag: string | undefined): boolean {
  env.NODE_ENV = nodeEnv;
  if (flag === undefined) delete env.LEGWORK_DEV_MAILBOX;
  else env.LEGWORK_DEV_MAILBOX = flag;
  resetEnvCache();
  return isDevMailboxEnabled();
}

describe('isDevMailboxEnabled', () => {
  it('is on outside production, and in production only with LEGWORK_DEV_MAILBOX=1', () => {
    expect(mailboxEnabledWith('development', undefined)).toBe(true);
    expect(mailboxEnabledWith('test', undefined)).toBe(true);
    expect(mailboxEnabledWith('production', undefined)).toBe(false);
    expect(mailboxEnabledWith('production', '0')).toBe(false);
    expect(mailboxEnabledWith('production', '1')).toBe(true);
  });

  it('refuses a flag other than 0 or 1', () => {
    expect(() => mailboxEnabledWith('production', 'true')).toThrow(
      /LEGWORK_DEV_MAILBOX: must be 1 \(on\) or 0 \(off\)/,
    );
  });
});

describe('listOutboxEmails', () => {
  it('lists outbox messages newest first, and nothing another provider sent', async () => {
    const { db } = await getDatabase();
    const to = uniqueEmail('mailbox');
    const outbox = createOutboxMailer(db, 'Legwork <noreply@legwork.local>');
    const first = await outbox.send({ to, subject: 'First', text: 'one' });
    const second = await outbox.send({ to, subject: 'Second', text: 'two' });
    // A Resend row (its send fails at once: nothing listens on port 9) must not show up.
    const resend = createResendMailer(db, {
      apiKey: 're_x',
      from: 'a@b.c',
      baseUrl: 'http://127.0.0.1:9',
      retryDelayMs: 1,
    });
    await expect(resend.send({ to, subject: 'Elsewhere', text: 'three' })).rejects.toThrow();

    const mine = (await listOutboxEmails(db, 50)).filter((email) => email.to === to);
    expect(mine.map((email) => email.id)).toEqual([second.id, first.id]);
    expect(mine[0]).toEqual({
      id: second.id,
      to,
      from: 'Legwork <noreply@legwork.local>',
      subject: 'Second',
      text: 'two',
      replyTo: null,
      createdAt: expect.any(Date),
    });
  });

  it('returns at most `limit` messages', async () => {
    const { db } = await getDatabase();
    const outbox = createOutboxMailer(db, 'Legwork <noreply@legwork.local>');
    for (let i = 0; i < 3; i++) await outbox.send({ to: uniqueEmail('mailbox'), subject: 'x', text: 'x' });
    expect(await listOutboxEmails(db, 2)).toHaveLength(2);
  });
});

describe('listOutboxTexts', () => {
  it('lists text messages newest first with their status, and none a provider took', async () => {
    const { db } = await getDatabase();
    const to = `+1555${String(randomInt(10_000_000)).padStart(7, '0')}`;
    const first = await queueSms(db, { to, body: 'Claim your task: https://legwork.example/claim/abc' });
    await sendDueSms(db, { messenger: createOutboxMessenger(), outboxIds: [first?.id ?? ''] });
    const second = await queueSms(db, { to, body: 'Still queued' });
    await db.insert(smsOutbox).values({ to, body: 'Sent by Telnyx', provider: 'telnyx', status: 'sent' });

    const mine = (await listOutboxTexts(db, 50)).filter((text) => text.to === to);
    expect(mine).toEqual([
      {
        id: second?.id,
        to,
        body: 'Still queued',
        status: 'queued',
        attempts: 0,
        lastError: null,
        createdAt: expect.any(Date),
      },
      expect.objectContaining({
        id: first?.id,
        body: 'Claim your task: https://legwork.example/claim/abc',
        status: 'sent',
      }),
    ]);
    expect(await listOutboxTexts(db, 1)).toHaveLength(1);
  });
});

describe('splitLinks', () => {
  it('cuts http(s) links out of the text, leaving closing punctuation outside', () => {
    expect(splitLinks('Sign in: https://legwork.example/login?t=abc. Or http://x.test/a)')).toEqual([
      { text: 'Sign in: ' },
      { text: 'https://legwork.example/login?t=abc', href: 'https://legwork.example/login?t=abc' },
      { text: '. Or ' },
      { text: 'http://x.test/a', href: 'http://x.test/a' },
      { text: ')' },
    ]);
  });

  it('leaves other schemes and plain text alone', () => {
    expect(splitLinks('javascript:alert(1) and ftp://x')).toEqual([{ text: 'javascript:alert(1) and ftp://x' }]);
    expect(splitLinks('')).toEqual([]);
  });
});
