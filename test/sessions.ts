import { expect } from 'vitest';
import { POST as signUpRoute } from '@/app/v1/users/route';
import { latestLinkToken, verifyEmailViaApi } from './account-emails';
import { uniqueEmail } from './factories';
import { call, uniqueIp } from './http';

/**
 * A fresh human signed up through POST /v1/users, with their session token. Unless `verified: false`, they also
 * open the verification link they were emailed, as the session: an unverified account cannot create keys, agents,
 * claim codes or webhook endpoints, nor be an admin (ADMIN_EMAILS counts only verified emails).
 */
export async function signUpViaApi(label = 'user', options: { verified?: boolean } = {}) {
  const res = await call(signUpRoute, '/v1/users', {
    ip: uniqueIp(),
    body: { email: uniqueEmail(label), password: 'correct horse battery' },
  });
  expect(res.status).toBe(201);
  if (options.verified ?? true) {
    const verified = await verifyEmailViaApi(
      res.json.data.session.token,
      await latestLinkToken(res.json.data.user.email, 'verify-email'),
    );
    expect(verified.status, verified.text).toBe(200);
  }
  return {
    userId: res.json.data.user.id as string,
    email: res.json.data.user.email as string,
    token: res.json.data.session.token as string,
  };
}
