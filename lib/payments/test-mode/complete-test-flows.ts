import type { Db } from '@/db/client';
import { handleProcessorEvent } from '../events/handle-processor-event';
import { getTestObject, putTestObject, testObjectId } from './objects';
import type { TestAccount, TestAccountLink, TestIdentitySession } from './test-mode-processor';

// The test-mode onboarding and identity pages' buttons. Each changes the test object, then reports it as
// the Stripe event the live flow would send, through the same handler as the webhook.
async function emit(db: Db, type: string, object: Record<string, unknown>): Promise<void> {
  await handleProcessorEvent(db, {
    id: testObjectId('evt'),
    type,
    livemode: false,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
}

/** "Complete onboarding": details submitted, charges and payouts enabled. Returns where to go next. */
export async function completeTestOnboarding(db: Db, linkId: string): Promise<string | undefined> {
  const link = await getTestObject<TestAccountLink>(db, linkId, 'account_link');
  const account = link && (await getTestObject<TestAccount>(db, link.account, 'account'));
  if (!link || !account) return undefined;
  const onboarded: TestAccount = {
    ...account,
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    requirements: { currently_due: [] },
  };
  await putTestObject(db, link.account, 'account', onboarded);
  await emit(db, 'account.updated', { id: link.account, ...onboarded });
  return link.return_url;
}

/** "Verify" or "Fail" on the test-mode identity page. Returns where to go next. */
export async function finishTestIdentity(db: Db, sessionId: string, outcome: 'verified' | 'failed') {
  const session = await getTestObject<TestIdentitySession>(db, sessionId, 'identity_session');
  if (!session) return undefined;
  const updated: TestIdentitySession =
    outcome === 'verified'
      ? { ...session, status: 'verified', last_error: undefined }
      : {
          ...session,
          status: 'requires_input',
          last_error: { code: 'document_unverified_other', reason: 'Test mode: verification failed' },
        };
  await putTestObject(db, sessionId, 'identity_session', updated);
  await emit(
    db,
    outcome === 'verified' ? 'identity.verification_session.verified' : 'identity.verification_session.requires_input',
    { id: sessionId, status: updated.status, last_error: updated.last_error ?? null },
  );
  return session.return_url;
}
