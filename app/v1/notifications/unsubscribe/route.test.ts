import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { signUnsubscribeToken } from '@/lib/auth/unsubscribe-token';
import { notificationPreferencesOf } from '@/lib/services/notifications/notification-preferences';
import { envelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { GET, POST } from './route';

// POST /v1/notifications/unsubscribe?token=…: the one-click unsubscribe of RFC 8058, with no session.

const oneClick = (token: string) =>
  call(POST, '/v1/notifications/unsubscribe', {
    query: { token },
    body: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    ip: uniqueIp(),
  });

const preferencesOf = async (userId: string) => notificationPreferencesOf((await getDatabase()).db, userId);

describe('POST /v1/notifications/unsubscribe', () => {
  it('turns that kind’s email off without a session, and only that one', async () => {
    const person = await signUpViaApi('unsubscribing');
    const token = signUnsubscribeToken({ userId: person.userId, kind: 'message' });
    const res = await oneClick(token);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ data: { kind: 'message', email: false } });
    const preferences = await preferencesOf(person.userId);
    expect(preferences.email).toMatchObject({ message: false, task_accepted: true });
    expect(preferences.sms.message).toBe(true);
    expect((await oneClick(token)).status).toBe(200);
  });

  it('a tampered token changes nothing: 404 EMAIL_LINK_NOT_FOUND', async () => {
    const person = await signUpViaApi('unsubscribing');
    const other = await signUpViaApi('other');
    const token = signUnsubscribeToken({ userId: person.userId, kind: 'message' });
    const signature = token.split('.').at(-1) ?? '';
    const tampered = [
      token.replace('.message.', '.payout_sent.'),
      token.replace(person.userId, other.userId),
      `${token.slice(0, -2)}AA`,
      `${other.userId}.message.email.${signature}`,
      'not-a-token',
    ];
    for (const bad of tampered) {
      const res = await oneClick(bad);
      expect(res.status, bad).toBe(404);
      expect(res.json).toEqual(
        envelope('EMAIL_LINK_NOT_FOUND', {
          message: 'This unsubscribe link is not valid',
          hint: 'Use the whole link from the email, or change your email switches in your account settings.',
        }),
      );
    }
    expect((await preferencesOf(person.userId)).email.message).toBe(true);
    expect((await preferencesOf(other.userId)).email.message).toBe(true);
  });

  it('a GET (a link scanner) changes nothing: 405', async () => {
    const person = await signUpViaApi('unsubscribing');
    const token = signUnsubscribeToken({ userId: person.userId, kind: 'message' });
    const res = await GET(new Request(`http://localhost:3000/v1/notifications/unsubscribe?token=${token}`));
    expect(res.status).toBe(405);
    expect((await preferencesOf(person.userId)).email.message).toBe(true);
  });
});
