import { describe, expect, it } from 'vitest';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { POST as create } from './route';

describe('POST /v1/workers security', () => {
  it('the profile always belongs to the caller: a userId in the body is refused', async () => {
    const { token } = await signUpViaApi('worker');
    const other = await signUpViaApi('victim');
    const res = await call(create, '/v1/workers', { token, ip: uniqueIp(), body: { userId: other.userId } });
    expect(res.status).toBe(400);
  });
});
