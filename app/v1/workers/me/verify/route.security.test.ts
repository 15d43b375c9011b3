import { describe, expect, it } from 'vitest';
import { call, uniqueIp } from '@/test/http';
import { withoutStripe } from '@/test/payments';
import { signUpViaApi } from '@/test/sessions';
import { insertWorkerProfile, verifyIdentity } from '@/test/workers';
import { POST } from './route';
import { GET as statusRoute } from './status/route';

withoutStripe();

const start = (token?: string) => call(POST, '/v1/workers/me/verify', { token, ip: uniqueIp() });
const status = (token?: string) => call(statusRoute, '/v1/workers/me/verify/status', { token, ip: uniqueIp() });

describe('/v1/workers/me/verify: sessions only, own data only', () => {
  it('another user’s verification is not the caller’s', async () => {
    const verified = await signUpViaApi('verified');
    await insertWorkerProfile(verified.userId);
    await verifyIdentity(verified.token);
    const other = await signUpViaApi('other');
    await insertWorkerProfile(other.userId);
    expect((await status(other.token)).json).toEqual({
      data: { status: 'not_started', idVerified: false, lastVerifiedAt: null },
    });
    const res = await start(other.token);
    expect(res.json.data.alreadyVerified).toBeUndefined();
    expect(res.json.data.sessionId).toMatch(/^vs_test_/);
  });
});
