import { expect } from 'vitest';
import { POST as signUpRoute } from '@/app/v1/users/route';
import { uniqueEmail } from './factories';
import { call, uniqueIp } from './http';

/** A fresh human signed up through POST /v1/users, with their session token. */
export async function signUpViaApi(label = 'user') {
  const res = await call(signUpRoute, '/v1/users', {
    ip: uniqueIp(),
    body: { email: uniqueEmail(label), password: 'correct horse battery' },
  });
  expect(res.status).toBe(201);
  return {
    userId: res.json.data.user.id as string,
    email: res.json.data.user.email as string,
    token: res.json.data.session.token as string,
  };
}
