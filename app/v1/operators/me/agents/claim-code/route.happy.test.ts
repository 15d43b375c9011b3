import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { agentClaimCodes } from '@/db/schema';
import { env } from '@/lib/env';
import { expireClaimCode, mintClaimCodeViaApi, registerAgentViaApi } from '@/test/claim-codes';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { GET as status } from './[code]/route';
import { POST as mint } from './route';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
// Four and four characters of ABCDEFGHJKMNPQRSTUVWXYZ23456789 (no I, L, O, 0 or 1).
const CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}$/;
const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

const statusOf = (token: string, code: string) =>
  call(status, `/v1/operators/me/agents/claim-code/${code}`, { token, ip: uniqueIp(), params: { code } });

describe('POST /v1/operators/me/agents/claim-code: happy path', () => {
  it('answers 201 {code, expiresAt, pasteSnippet}: a readable 8-character code valid 15 minutes', async () => {
    const { token, userId } = await signUpViaApi('mint');
    const before = Date.now();
    const res = await call(mint, '/v1/operators/me/agents/claim-code', { token, ip: uniqueIp() });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      data: {
        code: expect.stringMatching(CODE),
        expiresAt: expect.stringMatching(ISO),
        pasteSnippet: expect.any(String),
      },
    });
    const { code, expiresAt, pasteSnippet } = res.json.data;
    expect(Math.abs(new Date(expiresAt).getTime() - (before + FIFTEEN_MINUTES_MS))).toBeLessThanOrEqual(5_000);
    // The snippet is enough for an agent: the code and the exact register call on this deployment.
    expect(pasteSnippet).toContain(code);
    expect(pasteSnippet).toContain(`${env().SITE_URL}/v1/agents/register`);
    expect(pasteSnippet).toContain(JSON.stringify({ code, name: 'YOUR_AGENT_NAME' }));

    const { db } = await getDatabase();
    const [row] = await db
      .select()
      .from(agentClaimCodes)
      .where(eq(agentClaimCodes.code, code.replace('-', '')));
    expect(row).toMatchObject({ ownerId: userId, claimedAt: null, agentId: null });
    expect(row?.expiresAt.toISOString()).toBe(expiresAt);
  });

  it('mints a different code each time', async () => {
    const { token } = await signUpViaApi('mint-many');
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await mintClaimCodeViaApi(token)).code);
    expect(new Set(codes).size).toBe(5);
  });
});

describe('GET /v1/operators/me/agents/claim-code/{code}: happy path', () => {
  it('is waiting until an agent registers, then claimed with that agent', async () => {
    const { token } = await signUpViaApi('status');
    const { code } = await mintClaimCodeViaApi(token);

    const waiting = await statusOf(token, code);
    expect(waiting.status).toBe(200);
    expect(waiting.json).toEqual({ data: { status: 'waiting' } });

    const registered = await registerAgentViaApi({ code, name: 'Scout' });
    expect(registered.status).toBe(201);
    const claimed = await statusOf(token, code);
    expect(claimed.status).toBe(200);
    expect(claimed.json).toEqual({
      data: { status: 'claimed', agent: { id: registered.json.data.agent.id, name: 'Scout' } },
    });
    expect(claimed.text).not.toContain(registered.json.data.apiKey.key);
  });

  it('accepts the code in lower case and without its dash', async () => {
    const { token } = await signUpViaApi('status-forms');
    const { code } = await mintClaimCodeViaApi(token);
    for (const form of [code.toLowerCase(), code.replace('-', ''), code.replace('-', '').toLowerCase()]) {
      const res = await statusOf(token, form);
      expect(res.json, form).toEqual({ data: { status: 'waiting' } });
    }
  });

  it('is expired once the code’s 15 minutes have passed unclaimed', async () => {
    const { token } = await signUpViaApi('status-expired');
    const { code } = await mintClaimCodeViaApi(token);
    await expireClaimCode(code);
    const res = await statusOf(token, code);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { status: 'expired' } });
  });

  it('a claimed code stays claimed after its expiry time passes', async () => {
    const { token } = await signUpViaApi('status-claimed-late');
    const { code } = await mintClaimCodeViaApi(token);
    const registered = await registerAgentViaApi({ code, name: 'Early bird' });
    expect(registered.status).toBe(201);
    await expireClaimCode(code);
    expect((await statusOf(token, code)).json).toEqual({
      data: { status: 'claimed', agent: { id: registered.json.data.agent.id, name: 'Early bird' } },
    });
  });
});
