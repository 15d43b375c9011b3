import { describe, expect, it } from 'vitest';
import { envelope } from '@/test/expect';
import { call, send, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { GET as status, POST as statusPost } from './[code]/route';
import { GET as mintGet } from './route';

const NO_SUCH_CODE = envelope('NOT_FOUND', { message: 'No such claim code' });

const statusOf = (token: string, code: string) =>
  call(status, `/v1/operators/me/agents/claim-code/${code}`, { token, ip: uniqueIp(), params: { code } });

describe('claim codes: errors', () => {
  it('the status of a code that was never minted is 404 NOT_FOUND', async () => {
    const { token } = await signUpViaApi('status-unknown');
    for (const code of ['ZZZZ-2222', 'nonsense', 'A']) {
      const res = await statusOf(token, code);
      expect(res.status, code).toBe(404);
      expect(res.json).toEqual(NO_SUCH_CODE);
    }
  });

  it('a path parameter longer than any code is 404 NOT_FOUND without a lookup', async () => {
    const { token } = await signUpViaApi('status-long');
    const res = await statusOf(token, 'A'.repeat(21));
    expect(res.status).toBe(404);
    expect(res.json).toEqual(envelope('NOT_FOUND'));
  });

  it('a code with a NUL character is 404 NOT_FOUND, not a failed lookup (found by test/fuzz)', async () => {
    const { token } = await signUpViaApi('status-nul');
    const res = await statusOf(token, 'ABCD\u0000EFGH');
    expect(res.status, res.text).toBe(404);
    expect(res.json).toEqual(envelope('NOT_FOUND'));
  });

  it('other methods are 405 with Allow', async () => {
    const base = 'http://localhost:3000/v1/operators/me/agents/claim-code';
    const onMint = await send(mintGet, new Request(base, { method: 'GET' }));
    expect(onMint.status).toBe(405);
    expect(onMint.headers.get('allow')).toBe('POST');
    expect(onMint.json).toEqual(
      envelope('METHOD_NOT_ALLOWED', {
        message: 'GET is not allowed on this path',
        hint: 'Use POST; see /v1/openapi.json.',
      }),
    );

    const onStatus = await send(statusPost, new Request(`${base}/ABCD-EFGH`, { method: 'POST' }), {
      code: 'ABCD-EFGH',
    });
    expect(onStatus.status).toBe(405);
    expect(onStatus.headers.get('allow')).toBe('GET');
    expect(onStatus.json.error.code).toBe('METHOD_NOT_ALLOWED');
  });
});
