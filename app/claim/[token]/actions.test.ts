import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { sessions, taskClaims, users } from '@/db/schema';
import { findLiveSession } from '@/lib/services/sessions/find-live-session';
import { emailsTo, latestLinkToken } from '@/test/account-emails';
import { claimRow, expireClaim, proposeTask } from '@/test/cold-start';
import { uniqueEmail } from '@/test/factories';
import { uniqueIp } from '@/test/http';
import { runAppRoute } from '@/test/next-route';
import { submitClaimEmail } from './actions';

// The claim page's email step, posted the way a browser posts a server action: inside Next's request scope
// (the action reads the client address from `headers()`), with any token the poster likes.

async function postEmailStep(token: string, email: string) {
  const form = new FormData();
  form.set('email', email);
  const answer = async () => Response.json(await submitClaimEmail(token, {}, form));
  const request = new Request(`http://localhost:3000/claim/${token}`, {
    method: 'POST',
    headers: { 'x-legwork-peer-address': uniqueIp() },
  });
  const res = await runAppRoute({ POST: answer }, '/claim/[token]', request, { token });
  expect(res.status, res.text).toBe(200);
  return res.json as { error?: string; sessionToken?: string; existingEmail?: string };
}

async function accountOf(email: string) {
  const { db } = await getDatabase();
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

describe('claim page: the email step', () => {
  it('with a made-up link creates no account, no session and no email', async () => {
    const email = uniqueEmail('claim-forged');
    for (const token of ['A'.repeat(43), 'made-up']) {
      const state = await postEmailStep(token, email);
      expect(state).toEqual({
        error: 'This claim link is not valid. Check that you copied the whole link from your agent.',
      });
    }
    expect(await accountOf(email)).toBeUndefined();
    expect(await emailsTo(email)).toEqual([]);
  });

  it('with an expired or a claimed link creates nothing either', async () => {
    const { db } = await getDatabase();
    const expired = await proposeTask();
    await expireClaim(expired.claimToken);
    const email = uniqueEmail('claim-expired');
    expect(await postEmailStep(expired.humanToken, email)).toEqual({
      error: 'This claim link has expired. Ask your agent to propose the task again.',
    });

    const claimed = await proposeTask();
    await db
      .update(taskClaims)
      .set({ claimedAt: sql`now()` })
      .where(eq(taskClaims.id, (await claimRow(claimed.claimToken)).id));
    expect(await postEmailStep(claimed.humanToken, email)).toEqual({
      error: 'This claim link has already been used.',
    });
    expect(await accountOf(email)).toBeUndefined();
  });

  it('with an open link creates the account through sign-up’s service: a session and a verification email', async () => {
    const { db } = await getDatabase();
    const proposal = await proposeTask();
    const email = uniqueEmail('claim-new');
    const state = await postEmailStep(proposal.humanToken, email);
    expect(state.sessionToken).toMatch(/^lgws_/);

    const user = await accountOf(email);
    expect(user).toMatchObject({ type: 'human', passwordHash: null, emailVerifiedAt: null });
    const live = await findLiveSession(db, { token: state.sessionToken as string });
    expect(live?.user.id).toBe(user?.id);
    expect(
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id as string)),
    ).toHaveLength(1);
    expect(await latestLinkToken(email, 'verify-email')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // A known email is sent to log in, and nothing more is created.
    expect(await postEmailStep(proposal.humanToken, email)).toEqual({ existingEmail: email });
    expect(await emailsTo(email)).toHaveLength(1);
  });
});
