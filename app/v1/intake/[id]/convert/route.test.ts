import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys, phoneVerifications, taskClaims, tasks, users } from '@/db/schema';
import { CLAIM_TTL_MS, generateClaimToken } from '@/lib/auth/claim-tokens';
import { sha256Hex } from '@/lib/auth/tokens';
import { env } from '@/lib/env';
import { completeClaim } from '@/lib/services/claims/complete-claim';
import { issueSession } from '@/lib/services/sessions/issue-session';
import { auditRowsFor } from '@/test/admin';
import { humanTokenOf } from '@/test/cold-start';
import { envelope } from '@/test/expect';
import { call } from '@/test/http';
import {
  conversationRow,
  insertConversation,
  intakeAdminForFile,
  messageRows,
  optOut,
  outboxRows,
} from '@/test/intake';
import { chargeRows, payerWithCard, paymentsSetup, withoutStripe } from '@/test/payments';
import { POST as verifyPhone } from '../../../users/me/phone/verify/route';
import { POST as convert } from './route';

// The concierge's last step and the person's: convert a conversation into a draft and a claim link texted to the
// number, then complete the claim as the claim page does (test-mode processor, a saved test card).
withoutStripe();
const admin = intakeAdminForFile();

const TASK = { title: 'Pick up a parcel at the post office', budgetCents: 3_000, instructions: 'Ask for Sam' };

const convertIt = (id: string, body: unknown) =>
  call(convert, `/v1/intake/${id}/convert`, { token: admin.token, params: { id }, body });

async function claimsOf(conversationId: string) {
  const { db } = await paymentsSetup();
  return db.select().from(taskClaims).where(eq(taskClaims.intakeConversationId, conversationId));
}

async function draftsOfAdmin() {
  const { db } = await paymentsSetup();
  return db.select({ id: tasks.id }).from(tasks).where(eq(tasks.requesterId, admin.userId));
}

async function userRow(id: string) {
  const { db } = await paymentsSetup();
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

async function pendingPhoneOf(userId: string) {
  const { db } = await paymentsSetup();
  const [row] = await db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, userId));
  return row;
}

const CODE_TEXT = /^Your Legwork code is (\d{6})\. It expires in 10 minutes\.$/;

async function taskRow(id: string) {
  const { db } = await paymentsSetup();
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row;
}

describe('POST /v1/intake/{id}/convert', () => {
  it('creates a draft and an agentless claim, texts the claim link and marks the conversation converted', async () => {
    const conversation = await insertConversation({ lastMessageAt: new Date(Date.now() - 60_000) });
    const before = Date.now();
    const res = await convertIt(conversation.id, { task: TASK });
    expect(res.status, res.text).toBe(201);
    const { task, humanClaimUrl } = res.json.data;
    expect(humanClaimUrl).toMatch(new RegExp(`^${env().SITE_URL}/claim/[0-9A-Za-z]{43}$`));
    expect(task).toMatchObject({
      title: TASK.title,
      budgetCents: 3_000,
      totalCents: 3_450,
      instructions: 'Ask for Sam',
      status: 'draft',
      livemode: false,
      requesterId: admin.userId,
      fundingSource: null,
    });
    expect(res.json.data.conversation).toEqual({
      id: conversation.id,
      phone: conversation.phone,
      status: 'converted',
      lastMessageAt: expect.any(String),
      messageCount: 2,
      unreadCount: 1,
      taskId: task.id,
    });

    const [claim, ...others] = await claimsOf(conversation.id);
    expect(others).toEqual([]);
    // An intake claim is its own kind: no agent, no key and no poll token at all (no dummy one).
    expect(claim).toMatchObject({
      kind: 'intake',
      intakeConversationId: conversation.id,
      agentId: null,
      apiKeyId: null,
      claimTokenHash: null,
      taskId: task.id,
      humanTokenHash: sha256Hex(humanTokenOf(humanClaimUrl)),
      sealedKey: null,
      claimedAt: null,
    });
    expect(claim?.expiresAt.getTime()).toBeGreaterThanOrEqual(before + CLAIM_TTL_MS - 1000);
    expect(claim?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + CLAIM_TTL_MS);

    const outbox = await outboxRows(conversation.phone);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.body).toContain(humanClaimUrl);
    expect(outbox[0]?.body).toContain('$34.50');
    const texted = (await messageRows(conversation.id)).at(-1);
    expect(texted).toMatchObject({ direction: 'outbound', outboxId: outbox[0]?.id, status: 'queued', sentBy: null });
    expect(texted?.body).toBe(outbox[0]?.body);
    expect(await conversationRow(conversation.id)).toMatchObject({ status: 'converted', taskId: task.id });
    expect(await auditRowsFor(conversation.id)).toEqual([
      expect.objectContaining({
        actorId: admin.userId,
        action: 'intake.convert',
        targetType: 'intake_conversation',
        before: { status: 'open' },
        after: { status: 'converted', taskId: task.id, totalCents: 3_450 },
      }),
    ]);
  });

  it('an invalid task body is 400 with issues and leaves the conversation open without a task', async () => {
    const conversation = await insertConversation();
    const drafts = (await draftsOfAdmin()).length;
    const cases = [
      [{ task: { title: '' } }, ['task', 'title']],
      [{ task: { title: 'Photo of the shop', proofRequirements: ['gps'] } }, ['task', 'proofRequirements']],
      [{ task: { title: 'Too cheap', budgetCents: 1 } }, ['task', 'budgetCents']],
      [{}, ['task']],
    ] as const;
    for (const [body, path] of cases) {
      const res = await convertIt(conversation.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toEqual(
        envelope('VALIDATION_ERROR', { issues: expect.arrayContaining([expect.objectContaining({ path })]) }),
      );
    }
    expect(await conversationRow(conversation.id)).toMatchObject({ status: 'open', taskId: null, messageCount: 1 });
    expect(await claimsOf(conversation.id)).toEqual([]);
    expect(await outboxRows(conversation.phone)).toEqual([]);
    expect(await draftsOfAdmin()).toHaveLength(drafts);
  });

  it('is 409 SMS_OPTED_OUT for a number that texted STOP, creating nothing', async () => {
    const conversation = await insertConversation();
    await optOut(conversation.phone);
    const drafts = (await draftsOfAdmin()).length;
    const res = await convertIt(conversation.id, { task: TASK });
    expect(res.status).toBe(409);
    expect(res.json).toEqual(envelope('SMS_OPTED_OUT'));
    expect(await conversationRow(conversation.id)).toMatchObject({ status: 'open', taskId: null, messageCount: 1 });
    expect(await claimsOf(conversation.id)).toEqual([]);
    expect(await draftsOfAdmin()).toHaveLength(drafts);
    expect(await outboxRows(conversation.phone)).toEqual([]);
  });

  it('is 409 INTAKE_NOT_OPEN for a converted or closed conversation', async () => {
    const conversation = await insertConversation();
    expect((await convertIt(conversation.id, { task: TASK })).status).toBe(201);
    const again = await convertIt(conversation.id, { task: TASK });
    expect(again.status).toBe(409);
    expect(again.json).toEqual(envelope('INTAKE_NOT_OPEN', { details: { status: 'converted' } }));
    expect(await claimsOf(conversation.id)).toHaveLength(1);

    const closed = await insertConversation({ status: 'closed' });
    const res = await convertIt(closed.id, { task: TASK });
    expect(res.status).toBe(409);
    expect(res.json).toEqual(envelope('INTAKE_NOT_OPEN', { details: { status: 'closed' } }));
    expect(await claimsOf(closed.id)).toEqual([]);
  });
});

describe('completing an intake claim', () => {
  it('charges the person, posts the task as theirs and texts them; their phone stays unverified until the code', async () => {
    const { db, processor } = await paymentsSetup();
    const conversation = await insertConversation();
    const converted = await convertIt(conversation.id, { task: TASK });
    expect(converted.status).toBe(201);
    const { task, humanClaimUrl } = converted.json.data;
    const human = await payerWithCard();
    expect(human.phone).toBeNull();

    const result = await completeClaim(db, {
      processor,
      acceptTerms: true,
      humanToken: humanTokenOf(humanClaimUrl),
      userId: human.id,
    });
    expect(result).toEqual({ taskId: task.id, agentId: null });
    // No agent and no key come with an intake claim: the person pays with their own card as any requester, so
    // there is no spending identity to cap (a cold-start claim caps its agent at the task's total).
    expect(await db.select({ id: users.id }).from(users).where(eq(users.ownerId, human.id))).toEqual([]);
    expect(await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.userId, human.id))).toEqual([]);

    expect(await taskRow(task.id)).toMatchObject({
      status: 'posted',
      requesterId: human.id,
      fundingSource: 'card',
      publishedAt: expect.any(Date),
    });
    expect(await chargeRows(task.id)).toEqual([
      expect.objectContaining({ userId: human.id, amountCents: 3_450, status: 'succeeded' }),
    ]);
    const [claim] = await claimsOf(conversation.id);
    expect(claim).toMatchObject({ claimedBy: human.id, claimedAt: expect.any(Date) });
    // No agent polls an intake claim: it has no claim token, and the table refuses to give it one.
    await expect(
      db
        .update(taskClaims)
        .set({ claimTokenHash: sha256Hex(generateClaimToken()) })
        .where(eq(taskClaims.id, claim?.id ?? '')),
    ).rejects.toThrow();
    // The link alone proves nothing about the phone (it may have been forwarded): the number is pending, with a code
    // texted to it as PATCH /v1/users/me {phone} does.
    expect(await userRow(human.id)).toMatchObject({ phone: null, phoneVerifiedAt: null });
    expect(await pendingPhoneOf(human.id)).toMatchObject({ phone: conversation.phone, attempts: 0 });

    const outbox = await outboxRows(conversation.phone);
    expect(outbox.map((row) => row.body)).toEqual([
      expect.stringContaining(humanClaimUrl),
      `Your task "${TASK.title}" is paid and posted. Workers nearby can accept it now.`,
      expect.stringMatching(CODE_TEXT),
    ]);
    // The code is not part of the conversation the admins read.
    expect(await conversationRow(conversation.id)).toMatchObject({ status: 'converted', messageCount: 3 });

    // A second submit by the same person changes nothing.
    expect(
      await completeClaim(db, {
        processor,
        acceptTerms: true,
        humanToken: humanTokenOf(humanClaimUrl),
        userId: human.id,
      }),
    ).toEqual({
      taskId: task.id,
      alreadyClaimed: true,
    });
    expect(await outboxRows(conversation.phone)).toHaveLength(3);

    // The texted code verifies the number, as for any pending phone.
    const code = CODE_TEXT.exec(outbox[2]?.body ?? '')?.[1] ?? '';
    const { token } = await issueSession(db, human.id);
    const verified = await call(verifyPhone, '/v1/users/me/phone/verify', { token, body: { code } });
    expect(verified.status).toBe(200);
    expect(verified.json.data).toMatchObject({ phone: conversation.phone, phoneVerified: true, pendingPhone: null });
    expect(await userRow(human.id)).toMatchObject({ phone: conversation.phone, phoneVerifiedAt: expect.any(Date) });
  });

  it('a person with another verified number keeps it; the conversation number only becomes pending', async () => {
    const { db, processor } = await paymentsSetup();
    const conversation = await insertConversation();
    const converted = await convertIt(conversation.id, { task: TASK });
    const human = await payerWithCard();
    const verifiedAt = new Date('2026-01-02T03:04:05.000Z');
    await db.update(users).set({ phone: '+14155550100', phoneVerifiedAt: verifiedAt }).where(eq(users.id, human.id));

    await completeClaim(db, {
      processor,
      acceptTerms: true,
      humanToken: humanTokenOf(converted.json.data.humanClaimUrl),
      userId: human.id,
    });
    expect(await userRow(human.id)).toMatchObject({ phone: '+14155550100', phoneVerifiedAt: verifiedAt });
    expect((await pendingPhoneOf(human.id))?.phone).toBe(conversation.phone);
  });

  it('keeps the verification of a person who already had that phone verified', async () => {
    const { db, processor } = await paymentsSetup();
    const conversation = await insertConversation();
    const converted = await convertIt(conversation.id, { task: TASK });
    const human = await payerWithCard();
    const verifiedAt = new Date('2026-01-02T03:04:05.000Z');
    await db
      .update(users)
      .set({ phone: conversation.phone, phoneVerifiedAt: verifiedAt })
      .where(eq(users.id, human.id));

    await completeClaim(db, {
      processor,
      acceptTerms: true,
      humanToken: humanTokenOf(converted.json.data.humanClaimUrl),
      userId: human.id,
    });
    expect(await userRow(human.id)).toMatchObject({ phone: conversation.phone, phoneVerifiedAt: verifiedAt });
    expect((await taskRow(converted.json.data.task.id))?.requesterId).toBe(human.id);
    // No code for a number already verified.
    expect(await pendingPhoneOf(human.id)).toBeUndefined();
    expect(await outboxRows(conversation.phone)).toHaveLength(2);
  });

  it('posts the task without a text when the number opted out after the link was sent', async () => {
    const { db, processor } = await paymentsSetup();
    const conversation = await insertConversation();
    const converted = await convertIt(conversation.id, { task: TASK });
    await optOut(conversation.phone);
    const human = await payerWithCard();
    await completeClaim(db, {
      processor,
      acceptTerms: true,
      humanToken: humanTokenOf(converted.json.data.humanClaimUrl),
      userId: human.id,
    });
    expect((await taskRow(converted.json.data.task.id))?.status).toBe('posted');
    expect(await outboxRows(conversation.phone)).toHaveLength(1);
    expect(await userRow(human.id)).toMatchObject({ phone: null, phoneVerifiedAt: null });
    expect(await pendingPhoneOf(human.id)).toBeUndefined();
  });
});
