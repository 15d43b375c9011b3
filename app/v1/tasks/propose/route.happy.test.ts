import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { apiKeys, emails, tasks, users } from '@/db/schema';
import { SCOPES } from '@/lib/auth/scopes';
import { sha256Hex } from '@/lib/auth/tokens';
import { env } from '@/lib/env';
import { CLAIM_LINK_SUBJECT } from '@/lib/services/claims/send-claim-link';
import {
  claimRow,
  humanTokenOf,
  parkedKeyOf,
  pollClaimViaApi,
  proposeTask,
  proposeTaskViaApi,
} from '@/test/cold-start';
import { withEnv } from '@/test/env';
import { uniqueEmail } from '@/test/factories';
import { withoutStripe } from '@/test/payments';

// Proposed tasks are created in the processor's mode; this file runs with the built-in test mode.
withoutStripe();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function expectAround(iso: string, expectedMs: number, toleranceMs = 5_000) {
  expect(iso).toMatch(ISO);
  expect(Math.abs(new Date(iso).getTime() - expectedMs)).toBeLessThanOrEqual(toleranceMs);
}

describe('POST /v1/tasks/propose: happy path', () => {
  it('answers 201 with a draft task (documented defaults), the claim link, the claim token and the poll URL', async () => {
    const before = Date.now();
    const res = await proposeTaskViaApi({ task: { title: 'Check the mailbox' } });
    expect(res.status).toBe(201);
    const { task, humanClaimUrl, claimToken, claimExpiresAt } = res.json.data;
    const site = env().SITE_URL;
    expect(res.json).toEqual({
      data: {
        task: {
          id: expect.stringMatching(UUID),
          title: 'Check the mailbox',
          description: null,
          category: 'other',
          location: null,
          budgetCents: 2500,
          platformFeeCents: 375,
          totalCents: 2875,
          currency: 'usd',
          deadline: expect.stringMatching(ISO),
          requiredSkills: [],
          proofRequirements: [],
          proofRadiusMeters: 500,
          requiredChecks: [],
          autoApprove: 'never',
          autoApproveAfterMinutes: 60,
          status: 'draft',
          livemode: false,
          requesterId: expect.stringMatching(UUID),
          workerId: null,
          fundingSource: null,
          revisionCount: 0,
          proof: null,
          reviewDueAt: null,
          acceptedAt: null,
          submittedAt: null,
          completedAt: null,
          cancelledAt: null,
          cancellationFeeCents: null,
          // A draft: nobody assigned, nothing charged, so nothing to refund.
          cancellationPolicy: {
            freeMinutes: 10,
            feePercent: 25,
            feeMinCents: 500,
            lateFeeCents: 625,
            freeUntil: null,
            noShowFrom: null,
            ifCancelledNow: { reason: 'unassigned', feeCents: 0, refundCents: 0 },
          },
          acceptBy: null,
          acceptWithinMinutes: null,
          publishedAt: null,
          createdAt: expect.stringMatching(ISO),
          updatedAt: expect.stringMatching(ISO),
        },
        humanClaimUrl: expect.stringMatching(new RegExp(`^${site}/claim/[0-9A-Za-z]{43}$`)),
        claimToken: expect.stringMatching(/^lgwc_[0-9A-Za-z_-]{43}$/),
        claimExpiresAt: expect.stringMatching(ISO),
        pollUrl: `${site}/v1/agents/claim/${claimToken}`,
      },
    });
    expectAround(task.deadline, before + 7 * DAY_MS);
    expectAround(claimExpiresAt, before + 7 * DAY_MS);
    // Two different secrets: the link the human gets never contains what the agent polls with.
    expect(humanTokenOf(humanClaimUrl)).not.toBe(claimToken.slice('lgwc_'.length));
    expect(humanClaimUrl).not.toContain(claimToken.slice('lgwc_'.length));
  });

  it('keeps the given task fields (and keeps private instructions out of the response)', async () => {
    const deadline = new Date(Date.now() + 3 * DAY_MS).toISOString();
    const res = await proposeTaskViaApi({
      task: {
        title: 'Photograph the storefront',
        description: 'Two photos of the entrance, daylight.',
        category: 'photography',
        location: { lat: 52.52, lng: 13.405, address: 'Alexanderplatz 1, Berlin' },
        budgetCents: 10_000,
        deadline,
        requiredSkills: ['photography'],
        proofRequirements: ['photo', 'gps', 'photo'],
        instructions: 'Ask for Dana at the front desk.',
      },
    });
    expect(res.status).toBe(201);
    const { task } = res.json.data;
    expect(task).toMatchObject({
      title: 'Photograph the storefront',
      description: 'Two photos of the entrance, daylight.',
      category: 'photography',
      location: { lat: 52.52, lng: 13.405, address: 'Alexanderplatz 1, Berlin' },
      budgetCents: 10_000,
      platformFeeCents: 1_500,
      totalCents: 11_500,
      deadline,
      requiredSkills: ['photography'],
      proofRequirements: ['photo', 'gps'],
      status: 'draft',
    });
    expect(task).not.toHaveProperty('instructions');
    expect(res.text).not.toContain('Dana');
    const { db } = await getDatabase();
    const [row] = await db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row?.instructions).toBe('Ask for Dana at the front desk.');
  });

  it('stores a placeholder agent without owner, its parked key, and the claim', async () => {
    const proposal = await proposeTask({ title: 'Water the plants' });
    const { db } = await getDatabase();

    const [agent] = await db.select().from(users).where(eq(users.id, proposal.task.requesterId));
    expect(agent).toMatchObject({ type: 'agent', ownerId: null, email: null, name: 'Proposed agent' });
    const [task] = await db.select().from(tasks).where(eq(tasks.id, proposal.task.id));
    expect(task).toMatchObject({ requesterId: agent?.id, status: 'draft', livemode: false, publishedAt: null });

    const keys = await db.select().from(apiKeys).where(eq(apiKeys.userId, proposal.task.requesterId));
    expect(keys).toHaveLength(1);
    const key = await parkedKeyOf(proposal.claimToken);
    expect(key).toMatch(/^lgw_test_[0-9A-Za-z]{38}$/);
    expect(keys[0]).toMatchObject({
      parked: true,
      keyHash: sha256Hex(key),
      scopes: [...SCOPES],
      revokedAt: null,
      expiresAt: null,
    });

    const claim = await claimRow(proposal.claimToken);
    expect(claim).toMatchObject({
      agentId: proposal.task.requesterId,
      taskId: proposal.task.id,
      apiKeyId: keys[0]?.id,
      claimTokenHash: sha256Hex(proposal.claimToken),
      humanTokenHash: sha256Hex(proposal.humanToken),
      sealedKey: expect.stringMatching(/^v1\./),
      requesterEmail: null,
      claimedAt: null,
      claimedBy: null,
      keyDeliveredAt: null,
    });
    expect(claim.expiresAt.toISOString()).toBe(proposal.claimExpiresAt);
  });

  it('the agent’s first poll says pending, with the task id', async () => {
    const proposal = await proposeTask();
    const res = await pollClaimViaApi(proposal.claimToken);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { status: 'pending', taskId: proposal.task.id } });
  });

  it('with requesterEmail, emails the claim link (and never the claim token) through the outbox', async () => {
    const email = uniqueEmail('requester');
    const res = await withEnv({ RESEND_API_KEY: undefined }, () =>
      proposeTaskViaApi({
        task: { title: 'Pick up the parcel', budgetCents: 4_000 },
        requesterEmail: email.toUpperCase(),
      }),
    );
    expect(res.status).toBe(201);
    const { humanClaimUrl, claimToken, task } = res.json.data;

    const { db } = await getDatabase();
    const sent = await db.select().from(emails).where(eq(emails.to, email));
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail).toMatchObject({
      provider: 'outbox',
      to: email,
      subject: CLAIM_LINK_SUBJECT,
    });
    expect(mail?.subject).not.toContain('Pick up the parcel');
    expect(mail?.text).toContain('An agent proposed: “Pick up the parcel”');
    expect(mail?.text).toContain(humanClaimUrl);
    expect(mail?.text).toContain('$46.00');
    expect(mail?.text).not.toContain(claimToken);
    expect(mail?.text).not.toContain(claimToken.slice('lgwc_'.length));
    expect(JSON.stringify(mail)).not.toContain(claimToken.slice('lgwc_'.length));
    expect((await claimRow(claimToken)).requesterEmail).toBe(email);
    expect(task.totalCents).toBe(4_600);
  });

  it('without requesterEmail no email is sent', async () => {
    const proposal = await proposeTask({ title: 'Nobody to tell' });
    const { db } = await getDatabase();
    const all = await db.select({ text: emails.text }).from(emails);
    expect(all.filter((mail) => mail.text.includes(proposal.humanClaimUrl))).toEqual([]);
  });
});
