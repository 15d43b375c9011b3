import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ActionState } from '@/components/ui/action-form';
import { getDatabase } from '@/db/client';
import { feedback } from '@/db/schema';
import { FEEDBACK_PER_USER } from '@/lib/auth/account-limits';
import { signInByCookie } from '@/test/browser-session';
import { envForFile, NEXT_AUTH_TEST_ENV } from '@/test/env';
import { ensureWindowRoom } from '@/test/expect';
import { uniqueIp } from '@/test/http';
import { runAppRoute } from '@/test/next-route';
import { signUpViaApi } from '@/test/sessions';
import { sendFeedbackAction } from './feedback-actions';

// The footer's feedback form, posted the way a browser posts a server action: inside Next's request scope, with
// the session cookie (or none).

envForFile(NEXT_AUTH_TEST_ENV);

async function submit(cookie: string | undefined, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const answer = async () => Response.json(await sendFeedbackAction({}, form));
  const headers = new Headers({ 'x-legwork-peer-address': uniqueIp() });
  if (cookie) headers.set('cookie', cookie);
  const request = new Request('http://localhost:3000/dashboard', { method: 'POST', headers });
  const res = await runAppRoute({ POST: answer }, '/dashboard', request);
  expect(res.status, res.text).toBe(200);
  return res.json as ActionState;
}

async function storedFeedback(userId: string) {
  const { db } = await getDatabase();
  return db.select().from(feedback).where(eq(feedback.userId, userId));
}

describe('the footer’s feedback form', () => {
  it('stores the signed-in person’s feedback, with the rating when given', async () => {
    const person = await signUpViaApi('footer');
    const cookie = await signInByCookie(person.userId);
    expect(await submit(cookie, { kind: 'idea', message: 'Dark mode, please', rating: '4' })).toEqual({ saved: true });
    expect(await submit(cookie, { kind: 'bug', message: 'The map is blank', rating: '' })).toEqual({ saved: true });
    const rows = await storedFeedback(person.userId);
    expect(rows.map(({ kind, message, rating, apiKeyId }) => ({ kind, message, rating, apiKeyId }))).toEqual(
      expect.arrayContaining([
        { kind: 'idea', message: 'Dark mode, please', rating: 4, apiKeyId: null },
        { kind: 'bug', message: 'The map is blank', rating: null, apiKeyId: null },
      ]),
    );
  });

  it('says what is wrong under the field, and stores nothing', async () => {
    const person = await signUpViaApi('footer-refused');
    const cookie = await signInByCookie(person.userId);
    expect(await submit(cookie, { kind: 'bug', message: '   ' })).toEqual({
      error: 'Check Your feedback.',
      fieldErrors: { message: 'Must be at least 1 character' },
    });
    expect(await submit(cookie, { kind: 'rant', message: 'Hello' })).toMatchObject({
      fieldErrors: { kind: expect.any(String) },
    });
    expect(await storedFeedback(person.userId)).toEqual([]);
  });

  it('asks to sign in again without a session, and to wait past the hourly limit', async () => {
    expect(await submit(undefined, { kind: 'bug', message: 'Hello' })).toEqual({
      error: 'Your session ended. Log in again.',
    });
    await ensureWindowRoom(FEEDBACK_PER_USER.windowSeconds, 20);
    const person = await signUpViaApi('footer-chatty');
    const cookie = await signInByCookie(person.userId);
    for (let sent = 1; sent <= FEEDBACK_PER_USER.limit; sent += 1) {
      expect(await submit(cookie, { kind: 'idea', message: `Idea ${sent}` })).toEqual({ saved: true });
    }
    const refused = await submit(cookie, { kind: 'idea', message: 'One more' });
    expect(refused.error).toMatch(/^That is a lot of feedback for one hour\. Try again in \d+ min\.$/);
    expect(await storedFeedback(person.userId)).toHaveLength(FEEDBACK_PER_USER.limit);
  });
});
