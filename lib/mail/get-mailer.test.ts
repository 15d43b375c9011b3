import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { emails } from '@/db/schema';
import { resetEnvCache } from '@/lib/env';
import { uniqueEmail } from '@/test/factories';
import { getMailer } from './get-mailer';

const NAMES = ['RESEND_API_KEY', 'EMAIL_FROM'] as const;
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));

afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetEnvCache();
});

function setEnv(values: Partial<Record<(typeof NAMES)[number], string | undefined>>) {
  for (const name of NAMES) {
    const value = values[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
}

describe('getMailer', () => {
  it('is Resend when RESEND_API_KEY is set', async () => {
    setEnv({ RESEND_API_KEY: 're_test_123' });
    const { db } = await getDatabase();
    expect(getMailer(db).name).toBe('resend');
  });

  it('is the outbox when RESEND_API_KEY is unset or empty, sending from the default address', async () => {
    const { db } = await getDatabase();
    setEnv({});
    expect(getMailer(db).name).toBe('outbox');
    setEnv({ RESEND_API_KEY: '' });
    const to = uniqueEmail('get-mailer');
    const { id } = await getMailer(db).send({ to, subject: 'Hi', text: 'Hi' });
    const [row] = await db.select().from(emails).where(eq(emails.id, id));
    expect(row).toMatchObject({ provider: 'outbox', to, from: 'Legwork <noreply@legwork.local>' });
  });

  it('sends from EMAIL_FROM, and refuses one that is not an address', async () => {
    const { db } = await getDatabase();
    setEnv({ EMAIL_FROM: 'Ops <ops@legwork.example>' });
    const { id } = await getMailer(db).send({ to: uniqueEmail('get-mailer'), subject: 'Hi', text: 'Hi' });
    const [row] = await db.select().from(emails).where(eq(emails.id, id));
    expect(row?.from).toBe('Ops <ops@legwork.example>');

    setEnv({ EMAIL_FROM: 'Legwork' });
    expect(() => getMailer(db)).toThrow(/EMAIL_FROM: must be an address such as/);
  });
});
