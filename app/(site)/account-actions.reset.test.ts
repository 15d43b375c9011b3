import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { emailsTo, latestLinkToken } from '@/test/account-emails';
import { insertUser } from '@/test/factories';
import { uniqueIp } from '@/test/http';
import { runAppRoute } from '@/test/next-route';
import { confirmPasswordResetAction, requestPasswordResetAction } from './account-actions';

// The forgot-password and reset-password forms, posted as a browser posts their server actions (inside Next's request
// scope: they count per client address). A reset asked from the way to a claim page keeps that way: the emailed link
// carries `next`, and the reset ends on the login page that goes there.

const CLAIM_PATH = `/claim/${'A'.repeat(43)}`;

function inRequestScope(run: () => Promise<unknown>) {
  const request = new Request('http://localhost:3000/forgot-password', {
    method: 'POST',
    headers: { 'x-legwork-peer-address': uniqueIp() },
  });
  const answer = async () => Response.json(await run());
  return runAppRoute({ POST: answer }, '/forgot-password', request);
}

async function askForReset(email: string, next?: string) {
  const form = new FormData();
  form.set('email', email);
  if (next !== undefined) form.set('next', next);
  const res = await inRequestScope(() => requestPasswordResetAction({}, form));
  expect(res.json).toEqual({ done: true });
  const [sent] = (await emailsTo(email)).slice(-1);
  return sent?.text ?? '';
}

describe('password reset keeps the way back', () => {
  it('carries a path on this site through the reset email, and nothing else', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db);
    const email = user.email ?? '';

    const withClaim = await askForReset(email, CLAIM_PATH);
    const token = await latestLinkToken(email, 'reset-password');
    expect(withClaim).toContain(`/reset-password/${token}?next=${encodeURIComponent(CLAIM_PATH)}\n`);

    for (const next of [undefined, '/dashboard', '//evil.example/claim', 'https://evil.example/x']) {
      const text = await askForReset(email, next);
      const plain = await latestLinkToken(email, 'reset-password');
      expect(text).toContain(`/reset-password/${plain}\n`);
      expect(text).not.toContain('next=');
    }
  });

  it('after the new password, sends the human to log in and on to where they were going', async () => {
    const { db } = await getDatabase();
    const resetTo = async (next: string) => {
      const user = await insertUser(db);
      const email = user.email ?? '';
      await askForReset(email);
      const token = await latestLinkToken(email, 'reset-password');
      const form = new FormData();
      form.set('password', 'a brand new passphrase');
      const res = await inRequestScope(() => confirmPasswordResetAction(token, next, {}, form));
      expect(res.status, res.text).toBe(307);
      const location = new URL(res.headers.get('location') ?? '', 'http://localhost:3000');
      return `${location.pathname}${location.search}`;
    };
    expect(await resetTo(CLAIM_PATH)).toBe(`/login?reset=1&next=${encodeURIComponent(CLAIM_PATH)}`);
    expect(await resetTo('/dashboard')).toBe('/login?reset=1');
    expect(await resetTo('//evil.example')).toBe('/login?reset=1');
  });
});
