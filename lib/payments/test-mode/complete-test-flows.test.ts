import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { identityVerifications } from '@/db/schema';
import { insertUser } from '@/test/factories';
import { paymentsSetup, withoutStripe } from '@/test/payments';
import { finishTestIdentity } from './complete-test-flows';

withoutStripe();

// The test-mode identity page: its two buttons end in the same `identity.verification_session.*` events as
// Stripe Identity, through the shared handler.
describe('test-mode identity verification', () => {
  async function startedSession() {
    const { db, processor } = await paymentsSetup();
    const user = await insertUser(db);
    const { sessionId, url } = await processor.createIdentitySession({
      userId: user.id,
      returnUrl: 'http://localhost:3000/back',
    });
    expect(url).toBe(`http://localhost:3000/test-processor/identity/${sessionId}`);
    await db
      .insert(identityVerifications)
      .values({ userId: user.id, livemode: false, processor: processor.name, sessionId });
    expect(await processor.getIdentitySession(sessionId)).toEqual({ status: 'pending' });
    return { db, processor, sessionId };
  }

  it('"Verify" marks the session verified, in the processor and in our table', async () => {
    const { db, processor, sessionId } = await startedSession();
    expect(await finishTestIdentity(db, sessionId, 'verified')).toBe('http://localhost:3000/back');
    expect(await processor.getIdentitySession(sessionId)).toEqual({ status: 'verified' });
    const [row] = await db.select().from(identityVerifications).where(eq(identityVerifications.sessionId, sessionId));
    expect(row).toMatchObject({ status: 'verified' });
    expect(row?.verifiedAt).toBeInstanceOf(Date);
  });

  it('"Fail verification" marks it failed; an unknown session changes nothing', async () => {
    const { db, processor, sessionId } = await startedSession();
    await finishTestIdentity(db, sessionId, 'failed');
    expect(await processor.getIdentitySession(sessionId)).toEqual({ status: 'failed' });
    const [row] = await db.select().from(identityVerifications).where(eq(identityVerifications.sessionId, sessionId));
    expect(row).toMatchObject({ status: 'failed', verifiedAt: null });
    expect(await finishTestIdentity(db, 'vs_test_unknown', 'verified')).toBeUndefined();
  });
});
