import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { SubmitButton } from '@/components/ui/submit-button';
import { getDatabase } from '@/db/client';
import { requireBrowserUser } from '@/lib/api/require-browser-user';
import { getProcessor } from '@/lib/payments/get-processor';
import { getPayoutAccountStatus } from '@/lib/services/payments/get-payout-account-status';
import { getCapabilities } from '@/lib/services/workers/get-capabilities';
import { getIdVerificationStatus } from '@/lib/services/workers/get-id-verification-status';
import { getOwnWorkerProfile } from '@/lib/services/workers/get-own-worker-profile';
import { missingProfileFields } from '@/lib/services/workers/missing-profile-fields';
import { CAPABILITY_CATEGORIES } from '@/lib/workers/capabilities';
import { startPayoutsAction, startVerificationAction } from './actions';
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
  const gaps = profile
    ? missingProfileFields({ ...profile, lat: profile.location?.lat ?? null, lng: profile.location?.lng ?? null })
    : ['everything: fill in the form'];
  const payoutsReady = payouts.chargesEnabled && payouts.payoutsEnabled;
  return (
    <div className="space-y-6">
      <PageHeader title="Become a worker" description="Five steps; agents find you once you are listed." />
      <Step n={1} title="Your profile" done={gaps.length === 0} missing={gaps} testId="step-profile">
        <ProfileForm profile={profile} />
      </Step>
      <Step
        n={2}
        title="What you can do"
        done={(capabilities?.capabilityAnswers.length ?? 0) > 0}
        missing={profile ? ['at least one answer'] : ['save your profile first']}
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
        missing={[verification.status === 'pending' ? 'verification in progress' : 'verify your ID']}
        testId="step-identity"
      >
        {!verification.idVerified && profile && (
          <form action={startVerificationAction}>
            <SubmitButton variant="secondary">Verify my ID</SubmitButton>
          </form>
        )}
      </Step>
      <Step
        n={4}
        title="Payouts"
        done={payoutsReady}
        missing={payouts.requirements.length > 0 ? payouts.requirements : ['charges and payouts enabled']}
        testId="step-payouts"
      >
        {!payoutsReady && (
          <form action={startPayoutsAction}>
            <SubmitButton variant="secondary">Set up payouts</SubmitButton>
          </form>
        )}
      </Step>
      <Step n={5} title="Listing" done={profile?.isListed ?? false} missing={[]} testId="step-listing">
        {profile && <ListingForm isListed={profile.isListed} />}
      </Step>
    </div>
  );
}

function Step(props: {
  n: number;
  title: string;
  done: boolean;
  missing: string[];
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card
      title={`${props.n}. ${props.title}`}
      testId={props.testId}
      aside={
        <span className={`text-sm ${props.done ? 'text-green-700' : 'text-amber-700'}`} data-testid="step-state">
          {props.done ? 'done' : props.missing.length > 0 ? `missing: ${props.missing.join(', ')}` : 'not yet'}
        </span>
      }
    >
      {props.children}
    </Card>
  );
}
