'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { getDatabase } from '@/db/client';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors/api-error';
import { getProcessor } from '@/lib/payments/get-processor';
import { createWorkerProfileInput } from '@/lib/schemas/workers';
import { startPayoutOnboarding } from '@/lib/services/money/start-payout-onboarding';
import { createWorkerProfile } from '@/lib/services/workers/create-worker-profile';
import { getOwnWorkerProfile } from '@/lib/services/workers/get-own-worker-profile';
import { saveCapabilities } from '@/lib/services/workers/save-capabilities';
import { setListing } from '@/lib/services/workers/set-listing';
import { startIdVerification } from '@/lib/services/workers/start-id-verification';
import { updateWorkerProfile } from '@/lib/services/workers/update-worker-profile';
import { actionClientIp } from '@/lib/web/action-client-ip';
import { describeActionError, describeFormError } from '@/lib/web/describe-error';
import { requireBrowserUser } from '@/lib/web/require-browser-user';
import { missingSentence, PROFILE_FIELDS } from './profile-fields';

export type StepState = { error?: string; saved?: boolean; fieldErrors?: Record<string, string> };

const PAGE = '/worker/onboarding';
const text = (form: FormData, name: string) => {
  const value = String(form.get(name) ?? '').trim();
  return value === '' ? null : value;
};

/**
 * Profile step: the same fields and validation as POST /v1/workers, plus the photo the form uploaded, if any; the
 * first save creates the profile with the worker agreement accepted.
 */
export async function saveProfileAction(_state: StepState, form: FormData): Promise<StepState> {
  const { user } = await requireBrowserUser(PAGE);
  const { db } = await getDatabase();
  try {
    const existing = await getOwnWorkerProfile(db, user.id);
    const photos = [...(existing?.photos ?? [])];
    // The form uploaded the photo first (POST /dashboard/uploads): an action body is limited to 1 MB.
    const photoId = text(form, 'photoId');
    if (photoId) photos.push(photoId);
    const rate = text(form, 'hourlyRate');
    const lat = text(form, 'lat');
    const lng = text(form, 'lng');
    const input = createWorkerProfileInput.parse({
      displayName: text(form, 'displayName'),
      headline: text(form, 'headline'),
      bio: text(form, 'bio'),
      skills:
        text(form, 'skills')
          ?.split(',')
          .map((skill) => skill.trim())
          .filter(Boolean) ?? null,
      hourlyRateCents: rate === null ? null : Math.round(Number(rate) * 100),
      location:
        lat && lng
          ? {
              lat: Number(lat),
              lng: Number(lng),
              city: text(form, 'city'),
              region: text(form, 'region'),
              country: text(form, 'country'),
            }
          : null,
      photos: photos.slice(-10),
      // Asked only while there is no profile yet: an unticked box is refused under the box.
      ...(existing ? {} : { acceptWorkerAgreement: form.get('acceptWorkerAgreement') === 'on' }),
    });
    const { acceptWorkerAgreement: _, ...fields } = input;
    if (existing) await updateWorkerProfile(db, { userId: user.id, target: { me: true }, input: fields });
    else await createWorkerProfile(db, user.id, input, { ip: await actionClientIp() });
    revalidatePath(PAGE);
    return { saved: true };
  } catch (error) {
    return describeFormError(error, PROFILE_FIELDS);
  }
}

/** Capabilities step: one box per capability, its value the answer (`yes`, or a kept `maybe`); unticked ones are left out. */
export async function saveCapabilitiesAction(_state: StepState, form: FormData): Promise<StepState> {
  const { user } = await requireBrowserUser(PAGE);
  const answers = [...form.entries()]
    .filter(([name, value]) => name.startsWith('cap:') && typeof value === 'string' && value !== '')
    .map(([name, value]) => {
      const [, category = '', capability = ''] = name.split(':');
      return { category, capability, answer: value as 'yes' | 'maybe' | 'no' };
    });
  try {
    const { db } = await getDatabase();
    await saveCapabilities(db, user.id, answers);
    revalidatePath(PAGE);
    return { saved: true };
  } catch (error) {
    return { error: describeActionError(error) };
  }
}

export async function startVerificationAction(): Promise<void> {
  const { user } = await requireBrowserUser(PAGE);
  const { db } = await getDatabase();
  const started = await startIdVerification(db, {
    processor: getProcessor(db),
    userId: user.id,
    returnUrl: `${env().SITE_URL}${PAGE}?step=identity`,
  });
  if ('verificationUrl' in started && started.verificationUrl) redirect(started.verificationUrl);
  revalidatePath(PAGE);
}

export async function startPayoutsAction(): Promise<void> {
  const { user } = await requireBrowserUser(PAGE);
  const { db } = await getDatabase();
  const back = `${env().SITE_URL}${PAGE}?step=payouts`;
  const { onboardingUrl } = await startPayoutOnboarding(db, {
    processor: getProcessor(db),
    user,
    returnUrl: back,
    refreshUrl: back,
  });
  redirect(onboardingUrl);
}

/** Why listing was refused, in words (the API's code and `details.missing`). */
function listingRefusal(error: ApiError): string {
  if (error.code === 'PROFILE_INCOMPLETE') return missingSentence((error.details?.missing as string[]) ?? []);
  if (error.code === 'ID_VERIFICATION_REQUIRED') return 'Verify your ID first (step 3).';
  if (error.code === 'PAYMENT_ONBOARDING_REQUIRED') return 'Set up payouts first (step 4).';
  return describeActionError(error);
}

/** The listing switch; a refusal says which requirement is missing. */
export async function setListingAction(_state: StepState, form: FormData): Promise<StepState> {
  const { user } = await requireBrowserUser(PAGE);
  const { db } = await getDatabase();
  try {
    await setListing(db, { processor: getProcessor(db), userId: user.id, wanted: form.get('listed') === 'true' });
    revalidatePath(PAGE);
    return { saved: true };
  } catch (error) {
    if (error instanceof ApiError) return { error: listingRefusal(error) };
    throw error;
  }
}
