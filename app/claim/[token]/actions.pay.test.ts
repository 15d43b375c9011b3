import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { legalAcceptances, tasks, users } from '@/db/schema';
import { legalDocuments } from '@/lib/services/legal/legal-documents';
import { signInByCookie } from '@/test/browser-session';
import { claimRow, proposeTask } from '@/test/cold-start';
import { envForFile, NEXT_AUTH_TEST_ENV } from '@/test/env';
import { insertUser } from '@/test/factories';
import { uniqueIp } from '@/test/http';
import { runAppRoute } from '@/test/next-route';
import { addCard, chargeRows, paymentsSetup, withoutStripe } from '@/test/payments';
import { confirmClaim } from './actions';

// The claim page's pay step, posted the way a browser posts its server action: signed in by the next-auth cookie,
// inside Next's request scope, with the form the page sends (the Terms box ticked or not).

envForFile(NEXT_AUTH_TEST_ENV);
withoutStripe();

const TOTAL = 2_875; // The default proposal: 2,500 cents + the 15% fee.

async function signedInPayer() {
  const { db } = await paymentsSetup();
  const user = await insertUser(db, { password: 'correct horse battery' });
  await addCard(user, '4242 4242 4242 4242');
  return { user, cookie: await signInByCookie(user.id) };
}

async function postPayStep(token: string, cookie: string, fields: Record<string, string>, ip = uniqueIp()) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const answer = async () => Response.json(await confirmClaim(token, TOTAL, {}, form));
  const request = new Request(`http://localhost:3000/claim/${token}`, {
    method: 'POST',
    headers: { cookie, 'x-legwork-peer-address': ip },
  });
  return runAppRoute({ POST: answer }, '/claim/[token]', request, { token });
}

async function acceptancesOf(userId: string) {
  const { db } = await paymentsSetup();
  const rows = await db.select().from(legalAcceptances).where(eq(legalAcceptances.userId, userId));
  return rows.map(({ slug, version, ip }) => ({ slug, version, ip })).toSorted((a, b) => a.slug.localeCompare(b.slug));
}

describe('claim page: the pay step', () => {
  it('without the Terms box: refused in words, nothing charged, the link still open, nothing accepted', async () => {
    const { db } = await paymentsSetup();
    const proposal = await proposeTask();
    const { user, cookie } = await signedInPayer();

    for (const fields of [{}, { acceptTerms: 'off' }] as Record<string, string>[]) {
      const res = await postPayStep(proposal.humanToken, cookie, fields);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({
        error: 'Nothing was charged: accept the Terms and the Privacy Policy to pay.',
        fieldErrors: { acceptTerms: 'Accept the Terms and the Privacy Policy to pay' },
      });
    }
    expect(await chargeRows(proposal.task.id)).toEqual([]);
    expect(await claimRow(proposal.claimToken)).toMatchObject({ claimedAt: null, claimedBy: null });
    const [task] = await db.select().from(tasks).where(eq(tasks.id, proposal.task.id));
    expect(task?.status).toBe('draft');
    expect(await acceptancesOf(user.id)).toEqual([]);
  });

  it('with the box ticked: records the Terms and Privacy acceptance as sign-up does, then pays and claims', async () => {
    const { db } = await paymentsSetup();
    const proposal = await proposeTask();
    const { user, cookie } = await signedInPayer();
    const ip = uniqueIp();

    const res = await postPayStep(proposal.humanToken, cookie, { acceptTerms: 'on', agentName: 'Shelf checker' }, ip);
    expect(res.status, res.text).toBe(307);
    expect(new URL(res.headers.get('location') ?? '', 'http://localhost:3000').pathname).toBe(
      `/claim/${proposal.humanToken}`,
    );
    const documents = legalDocuments();
    expect(await acceptancesOf(user.id)).toEqual([
      { slug: 'privacy', version: documents.privacy.version, ip },
      { slug: 'terms', version: documents.terms.version, ip },
    ]);
    expect(await claimRow(proposal.claimToken)).toMatchObject({ claimedBy: user.id, claimedAt: expect.any(Date) });
    expect(await chargeRows(proposal.task.id)).toEqual([
      expect.objectContaining({ userId: user.id, amountCents: TOTAL, status: 'succeeded' }),
    ]);
    const [task] = await db.select().from(tasks).where(eq(tasks.id, proposal.task.id));
    expect(task?.status).toBe('posted');
    // The name typed on the page, not the placeholder's.
    const [agent] = await db.select().from(users).where(eq(users.id, proposal.task.requesterId));
    expect(agent).toMatchObject({ name: 'Shelf checker', ownerId: user.id });
  });

  it('an empty agent name: refused under its field, nothing charged', async () => {
    const proposal = await proposeTask();
    const { cookie } = await signedInPayer();
    const res = await postPayStep(proposal.humanToken, cookie, { acceptTerms: 'on', agentName: ' ' });
    expect(res.json).toEqual({
      error: 'Nothing was charged. Check the agent’s name.',
      fieldErrors: { agentName: 'Must not be empty' },
    });
    expect(await chargeRows(proposal.task.id)).toEqual([]);
  });
});
