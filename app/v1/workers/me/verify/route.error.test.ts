import { describe, expect, it } from 'vitest';
import { envelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { withoutStripe } from '@/test/payments';
import { signUpViaApi } from '@/test/sessions';
import { POST } from './route';
import { GET as statusRoute } from './status/route';

withoutStripe();

describe('POST /v1/workers/me/verify: errors', () => {
  it('404 without a worker profile; status still answers not_started', async () => {
    const { token } = await signUpViaApi('verifynone');
    const res = await call(POST, '/v1/workers/me/verify', { token, ip: uniqueIp() });
    expect(res.status).toBe(404);
    expect(res.json).toEqual(
      envelope('NOT_FOUND', { hint: 'Create your worker profile with POST /v1/workers first.' }),
    );
    const status = await call(statusRoute, '/v1/workers/me/verify/status', { token, ip: uniqueIp() });
    expect(status.json).toEqual({ data: { status: 'not_started', idVerified: false, lastVerifiedAt: null } });
  });
});
