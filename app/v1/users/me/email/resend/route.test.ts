import { describe, expect, it } from 'vitest';
import { GET as getMe } from '@/app/v1/users/me/route';
import { emailsTo, latestLinkToken, linkTokensSentTo, verifyEmailViaApi } from '@/test/account-emails';
import { ensureWindowRoom, envelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { POST } from './route';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function resend(token?: string) {
  return call(POST, '/v1/users/me/email/resend', { token, ip: uniqueIp() });
}

describe('POST /v1/users/me/email/resend', () => {
  it('emails a new link (202) that verifies; the first link keeps working until used', async () => {
    const { email, token } = await signUpViaApi('resend', { verified: false });
    const res = await resend(token);
    expect(res.status, res.text).toBe(202);
    expect(res.json).toEqual({ data: { sentTo: email, expiresAt: expect.stringMatching(ISO) } });
    const tokens = await linkTokensSentTo(email, 'verify-email');
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).not.toBe(tokens[1]);

    const verified = await verifyEmailViaApi(token, await latestLinkToken(email, 'verify-email'));
    expect(verified.status).toBe(200);
    expect((await call(getMe, '/v1/users/me', { token, ip: uniqueIp() })).json.data.emailVerified).toBe(true);
  });

  it('refuses a verified email with 409 EMAIL_ALREADY_VERIFIED and sends nothing', async () => {
    const { email, token } = await signUpViaApi('resend-done');
    const res = await resend(token);
    expect(res.status).toBe(409);
    expect(res.json).toEqual(envelope('EMAIL_ALREADY_VERIFIED'));
    expect(await emailsTo(email)).toHaveLength(1);
  });

  it('sends at most 3 an hour per user, then 429 with Retry-After', async () => {
    const { email, token } = await signUpViaApi('resend-limit', { verified: false });
    await ensureWindowRoom(3600, 20);
    for (let i = 0; i < 3; i++) expect((await resend(token)).status).toBe(202);
    const res = await resend(token);
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(res.json).toEqual(
      envelope('RATE_LIMIT_EXCEEDED', {
        hint: 'At most 3 verification emails an hour. Wait for `Retry-After` seconds, or use a link already sent.',
        details: { retryAfter },
      }),
    );
    // The sign-up email and three resends.
    expect(await emailsTo(email)).toHaveLength(4);
  });
});
