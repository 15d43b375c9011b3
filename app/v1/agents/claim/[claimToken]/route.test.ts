import { describe, expect, it } from 'vitest';
import { GET as getOperator } from '@/app/v1/operators/me/route';
import { completeClaim } from '@/lib/services/claims/complete-claim';
import { claimRow, expireClaim, pollClaimViaApi, proposeTask } from '@/test/cold-start';
import { envelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { payerWithCard, paymentsSetup, withoutStripe } from '@/test/payments';

withoutStripe();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A proposal its human has completed with a good card. */
async function claimedProposal() {
  const { db, processor } = await paymentsSetup();
  const proposal = await proposeTask();
  const human = await payerWithCard();
  await completeClaim(db, { processor, acceptTerms: true, humanToken: proposal.humanToken, userId: human.id });
  return { proposal, human };
}

describe('GET /v1/agents/claim/{claimToken}', () => {
  it('is pending, with the task id, until the human completes the claim', async () => {
    const proposal = await proposeTask();
    for (let poll = 0; poll < 2; poll++) {
      const res = await pollClaimViaApi(proposal.claimToken);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ data: { status: 'pending', taskId: proposal.task.id } });
    }
  });

  it('after the claim: the first poll carries the agent’s key, which answers the human’s profile', async () => {
    const { proposal, human } = await claimedProposal();

    const first = await pollClaimViaApi(proposal.claimToken);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      data: {
        status: 'claimed',
        agent: { id: proposal.task.requesterId, name: 'Agent for “Check the mailbox”' },
        taskId: proposal.task.id,
        apiKey: {
          id: expect.stringMatching(UUID),
          key: expect.stringMatching(/^lgw_test_[0-9A-Za-z]{38}$/),
          keyPrefix: expect.any(String),
        },
        apiKeyDelivered: true,
      },
    });
    const { apiKey } = first.json.data;
    expect(apiKey.keyPrefix).toBe(apiKey.key.slice(0, 12));
    expect(apiKey.id).toBe((await claimRow(proposal.claimToken)).apiKeyId);

    const profile = await call(getOperator, '/v1/operators/me', { token: apiKey.key, ip: uniqueIp() });
    expect(profile.status).toBe(200);
    expect(profile.json.data).toMatchObject({ id: human.id, email: human.email, userType: 'human' });
  });

  it('later polls say apiKeyDelivered without the key, and the sealed copy is erased', async () => {
    const { proposal } = await claimedProposal();
    const first = await pollClaimViaApi(proposal.claimToken);
    expect(first.json.data.apiKey).toBeDefined();

    const second = await pollClaimViaApi(proposal.claimToken);
    expect(second.status).toBe(200);
    expect(second.json).toEqual({
      data: {
        status: 'claimed',
        agent: { id: proposal.task.requesterId, name: 'Agent for “Check the mailbox”' },
        taskId: proposal.task.id,
        apiKeyDelivered: true,
      },
    });
    expect(second.text).not.toContain(first.json.data.apiKey.key);
    expect(await claimRow(proposal.claimToken)).toMatchObject({ sealedKey: null, keyDeliveredAt: expect.any(Date) });
  });

  it('two concurrent polls right after the claim: exactly one carries the key', async () => {
    const { proposal } = await claimedProposal();
    const polls = await Promise.all([pollClaimViaApi(proposal.claimToken), pollClaimViaApi(proposal.claimToken)]);
    expect(polls.map((res) => res.status)).toEqual([200, 200]);
    const withKey = polls.filter((res) => res.json.data.apiKey !== undefined);
    expect(withKey).toHaveLength(1);
    for (const res of polls) expect(res.json.data).toMatchObject({ status: 'claimed', apiKeyDelivered: true });
  });

  it('is expired once the claim’s 7 days have passed unclaimed', async () => {
    const proposal = await proposeTask();
    await expireClaim(proposal.claimToken);
    const res = await pollClaimViaApi(proposal.claimToken);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { status: 'expired', taskId: proposal.task.id } });
  });

  it('an unknown claim token is 404 CLAIM_NOT_FOUND', async () => {
    for (const token of [`lgwc_${'A'.repeat(43)}`, 'nonsense', 'lgwc_short']) {
      const res = await pollClaimViaApi(token);
      expect(res.status, token).toBe(404);
      expect(res.json).toEqual(envelope('CLAIM_NOT_FOUND'));
    }
  });

  it('the human claim link’s token is not a claim token (404): holding the link never reveals the key', async () => {
    const { proposal } = await claimedProposal();
    const res = await pollClaimViaApi(proposal.humanToken);
    expect(res.status).toBe(404);
    expect(res.json).toEqual(envelope('CLAIM_NOT_FOUND'));
    // The key is still waiting for the agent.
    expect((await pollClaimViaApi(proposal.claimToken)).json.data.apiKey).toBeDefined();
  });
});
