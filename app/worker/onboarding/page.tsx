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
import { ScrollToStep } from './scroll-to-step';
import { CapabilitiesForm, ListingForm, ProfileForm } from './step-forms';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Become a worker' };

/** The steps `?step=` may name, as their cards' ids say them (`step-payouts`). */
const STEPS = ['profile', 'capabilities', 'identity', 'payouts', 'listing'] as const;

// Worker onboarding: profile, capabilities, ID verification, payouts, then the listing switch. Each step
// says what it still needs; the listing switch is refused (with the reason) until all are done.
export default async function WorkerOnboardingPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { user } = await requireBrowserUser('/worker/onboarding');
  // `?step=` (the ID check's and the payout setup's return URLs) brings that step into view.
  const wanted = (await searchParams).step;
  const step = STEPS.find((name) => name === wanted);
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
  // Before the first save nothing is wrong yet: the steps say what comes next, and no field carries a note.
  const started = Boolean(profile);
  return (
    <div className="space-y-6">
      <PageHeader title="Become a worker" description="Five steps; agents find you once you are listed." />
      {step && <ScrollToStep id={`step-${step}`} />}
      <Step
        n={1}
        title="Your profile"
        done={gaps.length === 0}
        missing={started ? missingSentence(gaps) : 'Start here.'}
        started={started}
        current={step}
        testId="step-profile"
      >
        <ProfileForm profile={profile} name={user.name} notes={started ? missingFieldNotes(gaps) : {}} />
      </Step>
      <Step
        n={2}
        title="What you can do"
        done={(capabilities?.capabilityAnswers.length ?? 0) > 0}
        missing={profile ? 'Tick at least one.' : 'After your profile.'}
        started={started}
        current={step}
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
        started={started}
        current={step}
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
      <Step
        n={4}
        title="Payouts"
        done={payoutsReady}
        missing="Set up payouts to be paid."
        started={started}
        current={step}
        testId="step-payouts"
      >
        {!payoutsReady && (
          <form action={startPayoutsAction}>
            <SubmitButton variant="secondary">Set up payouts</SubmitButton>
          </form>
        )}
      </Step>
      <Step
        n={5}
        title="Listing"
        done={profile?.isListed ?? false}
        missing="Not listed yet."
        started={started}
        current={step}
        testId="step-listing"
      >
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
  /** Once a profile exists, what is missing is a warning; before, only what comes next. */
  started: boolean;
  /** The step named in `?step=`, outlined. */
  current?: string;
  testId: string;
  children: ReactNode;
}) {
  const tone = props.done ? 'text-green-700' : props.started ? 'text-amber-700' : 'text-stone-500';
  return (
    <div id={props.testId} tabIndex={-1} className="scroll-mt-4 rounded-lg focus:outline-none">
      <Card
        title={`${props.n}. ${props.title}`}
        testId={props.testId}
        className={props.testId === `step-${props.current}` ? 'space-y-3 ring-2 ring-stone-900' : undefined}
        aside={
          <span className={`text-sm ${tone}`} data-testid="step-state">
            {props.done ? 'done' : props.missing}
          </span>
        }
      >
        {props.children}
      </Card>
    </div>
  );
}
