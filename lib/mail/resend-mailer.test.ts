import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { emails } from '@/db/schema';
import { uniqueEmail } from '@/test/factories';
import { providerStandIn, type SeenRequest as Seen } from '@/test/provider-stand-in';
import type { Mailer } from './mailer';
import { createResendMailer } from './resend-mailer';

// A local stand-in for the Resend API (test/provider-stand-in.ts). What the tests assert is what the SDK SENDS.
const API_KEY = 're_test_0123456789abcdef';
const FROM = 'Legwork <noreply@legwork.local>';
const resendApi = providerStandIn((served) => ({ id: `re_email_${served}` }));
const { requests, replies } = resendApi;
let mailer: Mailer;

beforeAll(async () => {
  const { db } = await getDatabase();
  mailer = createResendMailer(db, { apiKey: API_KEY, from: FROM, baseUrl: resendApi.url, retryDelayMs: 1 });
});

async function rowsTo(to: string) {
  const { db } = await getDatabase();
  return db.select().from(emails).where(eq(emails.to, to));
}

describe('the Resend mailer', () => {
  it('POSTs the message to /emails with the key as Bearer, keyed by its row, and records the row', async () => {
    const to = uniqueEmail('resend');
    const { id } = await mailer.send({ to, subject: 'Your task', text: 'Hello', html: '<p>Hello</p>' });

    expect(requests).toHaveLength(1);
    const [request] = requests as [Seen];
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/emails');
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['idempotency-key']).toBe(`email:${id}`);
    expect(request.body).toEqual({ from: FROM, to, subject: 'Your task', text: 'Hello', html: '<p>Hello</p>' });

    const rows = await rowsTo(to);
    expect(rows).toEqual([
      expect.objectContaining({
        id,
        provider: 'resend',
        providerId: `re_email_${resendApi.served}`,
        to,
        from: FROM,
        subject: 'Your task',
        text: 'Hello',
        html: '<p>Hello</p>',
      }),
    ]);
  });

  it("sends the caller's idempotency key, and no html when there is none", async () => {
    const to = uniqueEmail('resend');
    await mailer.send({ to, subject: 'Plain', text: 'Just text', idempotencyKey: 'task:abc:assigned' });
    const [request] = requests as [Seen];
    expect(request.headers['idempotency-key']).toBe('task:abc:assigned');
    expect(request.body).toEqual({ from: FROM, to, subject: 'Plain', text: 'Just text' });
    expect((await rowsTo(to))[0]).toMatchObject({ html: null });
  });

  it('retries a 5xx and a 429 with the same key, then records the id it got', async () => {
    replies.push(
      { status: 500, body: { statusCode: 500, name: 'internal_server_error', message: 'Oops' } },
      { status: 429, body: { statusCode: 429, name: 'rate_limit_exceeded', message: 'Too many requests' } },
      { status: 200, body: { id: 're_after_retries' } },
    );
    const to = uniqueEmail('resend');
    const { id } = await mailer.send({ to, subject: 'Retry', text: 'Again' });
    expect(requests.map((request) => request.headers['idempotency-key'])).toEqual([
      `email:${id}`,
      `email:${id}`,
      `email:${id}`,
    ]);
    expect(await rowsTo(to)).toEqual([expect.objectContaining({ id, providerId: 're_after_retries' })]);
  });

  it('turns a refusal into an error that never contains the key, and keeps no row', async () => {
    // The stand-in even echoes the key back; the message must still not carry it.
    replies.push({
      status: 422,
      body: { statusCode: 422, name: 'validation_error', message: `Invalid \`to\` field for key ${API_KEY}` },
    });
    const to = uniqueEmail('resend');
    const sending = mailer.send({ to, subject: 'Refused', text: 'No' });
    await expect(sending).rejects.toThrow(
      'Resend did not send the email: validation_error (422): Invalid `to` field for key [redacted]',
    );
    const message = await sending.catch((error: Error) => error.message);
    expect(message).not.toContain(API_KEY);
    expect(message).not.toContain('re_test_');
    expect(requests).toHaveLength(1);
    expect(await rowsTo(to)).toEqual([]);
  });

  it('gives up after three silent attempts and keeps the row without a provider id (outcome unknown)', async () => {
    for (let i = 0; i < 3; i++) replies.push({ status: 200, body: { id: 're_too_late' }, delayMs: 2_000 });
    const { db } = await getDatabase();
    const impatient = createResendMailer(db, {
      apiKey: API_KEY,
      from: FROM,
      baseUrl: resendApi.url,
      timeoutMs: 200,
      retryDelayMs: 1,
    });
    const to = uniqueEmail('resend');
    await expect(impatient.send({ to, subject: 'Slow', text: 'Wait' })).rejects.toThrow(
      /^Resend did not send the email: application_error \(no response\)/,
    );
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((request) => request.headers['idempotency-key'])).size).toBe(1);
    expect(await rowsTo(to)).toEqual([expect.objectContaining({ provider: 'resend', providerId: null })]);
  });
});
