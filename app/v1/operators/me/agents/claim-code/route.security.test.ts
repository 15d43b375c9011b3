import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { mintClaimCodeViaApi, registerAgentViaApi } from '@/test/claim-codes';
import { envelope } from '@/test/expect';
import { insertApiKey } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { GET as status } from './[code]/route';
import { POST as mint } from './route';

const SESSION_REQUIRED = envelope('FORBIDDEN', {
  message: 'This operation requires a session token',
  hint: 'Sign in as a human (POST /v1/auth/sessions) and send the session token; API keys cannot call it.',
});
const NO_SUCH_CODE = envelope('NOT_FOUND', { message: 'No such claim code' });

const mintWith = (token?: string) => call(mint, '/v1/operators/me/agents/claim-code', { token, ip: uniqueIp() });
const statusOf = (token: string | undefined, code: string) =>
  call(status, `/v1/operators/me/agents/claim-code/${code}`, { token, ip: uniqueIp(), params: { code } });

describe('claim codes: security', () => {
  it('API keys cannot mint codes or read their status (403): neither the operator’s key nor an agent’s', async () => {
    const { token, userId } = await signUpViaApi('cc-keys');
    const { code } = await mintClaimCodeViaApi(token);
    const { db } = await getDatabase();
    const { key: operatorKey } = await insertApiKey(db, { userId });
    const registered = await registerAgentViaApi({ code, name: 'Keyed' });
    expect(registered.status).toBe(201);
    const agentKey = registered.json.data.apiKey.key;

    for (const key of [operatorKey, agentKey]) {
      for (const res of [await mintWith(key), await statusOf(key, code)]) {
        expect(res.status).toBe(403);
        expect(res.json).toEqual(SESSION_REQUIRED);
      }
    }
  });

  it('another operator’s code is 404 NOT_FOUND, the same body as an unknown code, before and after the claim', async () => {
    const a = await signUpViaApi('cc-owner');
    const b = await signUpViaApi('cc-stranger');
    const { code } = await mintClaimCodeViaApi(a.token);

    const waiting = await statusOf(b.token, code);
    expect(waiting.status).toBe(404);
    expect(waiting.json).toEqual(NO_SUCH_CODE);

    const registered = await registerAgentViaApi({ code, name: 'Private' });
    expect(registered.status).toBe(201);
    const claimed = await statusOf(b.token, code);
    expect(claimed.status).toBe(404);
    expect(claimed.json).toEqual(NO_SUCH_CODE);
    expect(claimed.text).not.toContain(registered.json.data.agent.id);
    // The owner still sees it.
    expect((await statusOf(a.token, code)).json.data.status).toBe('claimed');
  });
});
