import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { SubmitButton } from '@/components/ui/submit-button';
import { getDatabase } from '@/db/client';
import { getProcessor } from '@/lib/payments/get-processor';
import { getPayoutAccountStatus } from '@/lib/services/money/get-payout-account-status';
import { getCapabilities } from '@/lib/services/workers/get-capabilities';
import { getIdVerificationStatus } from '@/lib/services/workers/get-id-verification-status';
import { getOwnWorkerProfile } from '@/lib/services/workers/get-own-worker-profile';
import { missingProfileFields } from '@/lib/services/workers/missing-profile-fields';
import { requireBrowserUser } from '@/lib/web/require-browser-user';
import { CAPABILITY_CATEGORIES } from '@/lib/workers/capabilities';
import { startPayoutsAction, startVerificationAction } from './actions';
import { missingFieldNotes, missingSentence } from './profile-fields';
import { CapabilitiesForm, ListingForm, ProfileForm } from './step-forms';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Become a worker' };

// Worker onboarding: profile, capabilities, ID verification, payouts, then the listing switch. Each step
// says what it still needs; the listing switch is refused (with the reason) until all are done.
export default async function WorkerOnboardingPage() {
  const { user } = await requireBrowserUser('/worker/onboarding');
  const { db } = await getDatabase();
  const processor = getProcessor(db);
  const profile = await getOwnWorkerProfile(db, user.id);
  const [capabilities, verification, payouts] = await Promise.all([
    profile ? getCapabilities(db, user.id) : undefined,
    getIdVerificationStatus(db, processor, user.id),
    getPayoutAccountStatus(db, processor, user.id),
  ]);
  const gaps = missingProfileFields({
    displayName: profile?.displayName ?? null,
    headline: profile?.headline ?? null,
    bio: profile?.bio ?? null,
    skills: profile?.skills ?? null,
    hourlyRateCents: profile?.hourlyRateCents ?? null,
    lat: profile?.location?.lat ?? null,
    lng: profile?.location?.lng ?? null,
  });
  const payoutsReady = payouts.chargesEnabled && payouts.payoutsEnabled;
  const verificationWords =
    verification.status === 'failed'
      ? 'Verification failed, try again'
      : verification.status === 'pending'
        ? 'Verification in progress'
        : 'Verify your ID';
  // Listing needs all of these (the API's order); until then "List me" is off and says why.
  const listingBlocker = !profile
    ? 'Save your profile first (step 1).'
    : gaps.length > 0
      ? missingSentence(gaps)
      : !verification.idVerified
        ? `${verificationWords} (step 3).`
        : !payoutsReady
          ? 'Set up payouts first (step 4).'
          : undefined;
  return (
    <div className="space-y-6">
      <PageHeader title="Become a worker" description="Five steps; agents find you once you are listed." />
      <Step n={1} title="Your profile" done={gaps.length === 0} missing={missingSentence(gaps)} testId="step-profile">
        <ProfileForm profile={profile} notes={missingFieldNotes(gaps)} />
      </Step>
      <Step
        n={2}
        title="What you can do"
        done={(capabilities?.capabilityAnswers.length ?? 0) > 0}
        missing={profile ? 'Answer at least one question.' : 'Save your profile first.'}
        testId="step-capabilities"
      >
        {profile && (
          <CapabilitiesForm categories={CAPABILITY_CATEGORIES} answers={capabilities?.capabilityAnswers ?? []} />
        )}
      </Step>
      <Step
        n={3}
        title="ID verification"
        done={verification.idVerified}
        missing={`${verificationWords}.`}
        testId="step-identity"
      >
        {!verification.idVerified && profile && (
          <form action={startVerificationAction} className="space-y-2">
            {verification.status === 'failed' && (
              <Notice tone="error">Verification failed, try again. Use a valid ID document.</Notice>
            )}
            <SubmitButton variant="secondary">
              {verification.status === 'failed' ? 'Try verification again' : 'Verify my ID'}
            </SubmitButton>
          </form>
        )}
      </Step>
      <Step n={4} title="Payouts" done={payoutsReady} missing="Set up payouts to be paid." testId="step-payouts">
        {!payoutsReady && (
          <form action={startPayoutsAction}>
            <SubmitButton variant="secondary">Set up payouts</SubmitButton>
          </form>
        )}
      </Step>
      <Step n={5} title="Listing" done={profile?.isListed ?? false} missing="Not listed yet." testId="step-listing">
        {profile ? (
          <ListingForm isListed={profile.isListed} blocker={profile.isListed ? undefined : listingBlocker} />
        ) : (
          <p className="text-sm text-stone-600">{listingBlocker}</p>
        )}
      </Step>
    </div>
  );
}

function Step(props: {
  n: number;
  title: string;
  done: boolean;
  /** What the step still needs, in a sentence. */
  missing: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card
      title={`${props.n}. ${props.title}`}
      testId={props.testId}
      aside={
        <span className={`text-sm ${props.done ? 'text-green-700' : 'text-amber-700'}`} data-testid="step-state">
          {props.done ? 'done' : props.missing}
        </span>
      }
    >
      {props.children}
    </Card>
  );
}
