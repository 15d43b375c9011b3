'use client';

import { AcceptLegalField } from '@/components/accept-legal-field';
import { PlacePicker } from '@/components/place-picker';
import { ActionForm } from '@/components/ui/action-form';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { Field, FileField, TextAreaField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { afterUploading } from '@/components/upload-form-files';
import { centsAsDecimal } from '@/lib/format/money';
import type { WorkerProfileResource } from '@/lib/schemas/worker-profile';
import type { CapabilityCategory } from '@/lib/workers/capabilities';
import { saveCapabilitiesAction, saveProfileAction, setListingAction } from './actions';

/**
 * The profile; `notes` says under each field what listing still needs ("Add at least one skill to be listed"),
 * and the action's errors show under the fields they name. Limits match POST /v1/workers. A new profile needs the
 * worker agreement accepted with it.
 */
export function ProfileForm({
  profile,
  name,
  notes = {},
}: {
  profile: WorkerProfileResource | null;
  /** The account's name from sign-up: the display name until the profile has one. */
  name?: string | null;
  notes?: Record<string, string>;
}) {
  const location = profile?.location;
  return (
    <ActionForm action={afterUploading(saveProfileAction, 'photo', 'photoId')}>
      <Field
        label="Display name"
        name="displayName"
        maxLength={100}
        hint={notes.displayName}
        defaultValue={profile?.displayName ?? name ?? ''}
      />
      <Field
        label="Headline"
        name="headline"
        maxLength={200}
        hint={notes.headline}
        defaultValue={profile?.headline ?? ''}
      />
      <TextAreaField label="Bio" name="bio" maxLength={5000} defaultValue={profile?.bio ?? ''} rows={3} />
      <Field
        label="Skills (comma-separated)"
        name="skills"
        hint={notes.skills ?? 'Up to 30 skills, each up to 50 characters'}
        defaultValue={profile?.skills?.join(', ') ?? ''}
      />
      <Field
        label="Hourly rate ($)"
        name="hourlyRate"
        type="number"
        step="0.01"
        min={1}
        max={1000}
        hint={notes.hourlyRate ?? '$1.00 to $1,000.00'}
        defaultValue={profile?.hourlyRateCents ? centsAsDecimal(profile.hourlyRateCents) : ''}
      />
      <PlacePicker
        hint={notes.city}
        initial={
          location
            ? {
                city: location.city ?? '',
                region: location.region ?? '',
                country: location.country ?? '',
                lat: location.lat,
                lng: location.lng,
              }
            : null
        }
      />
      <FileField label="Photo (JPEG, PNG or WebP, up to 10 MB)" name="photo" />
      {!profile && (
        <AcceptLegalField
          name="acceptWorkerAgreement"
          documents={[{ slug: 'worker-agreement', label: 'Worker Agreement' }]}
        />
      )}
      <SubmitButton>Save profile</SubmitButton>
    </ActionForm>
  );
}

/**
 * One fieldset per category, each capability a compact box: ticked is "yes", unticked is no answer. An answer of
 * "maybe" (the API's third value) stays "maybe" while its box stays ticked.
 */
export function CapabilitiesForm({
  categories,
  answers,
}: {
  categories: CapabilityCategory[];
  answers: { category: string; capability: string; answer: string }[];
}) {
  const answerOf = (category: string, capability: string) =>
    answers.find((item) => item.category === category && item.capability === capability)?.answer ?? '';
  return (
    <ActionForm action={saveCapabilitiesAction} className="space-y-4">
      <p className="text-sm text-stone-600">
        Tick what you can do or have. Your answers are private; what you tick appears on your public profile as skills.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {categories.map((category) => (
          <fieldset key={category.id} className="rounded-md border border-stone-200 p-3" data-testid="capability-group">
            <legend className="px-1 text-sm font-medium">{category.label}</legend>
            <div className="flex flex-wrap gap-2">
              {category.capabilities.map((capability) => {
                const answer = answerOf(category.id, capability.id);
                return (
                  <label
                    key={capability.id}
                    className="flex cursor-pointer items-center gap-1.5 rounded-full border border-stone-300 px-3 py-1 text-sm has-[:checked]:border-stone-900 has-[:checked]:bg-stone-900 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-stone-500"
                  >
                    <input
                      type="checkbox"
                      name={`cap:${category.id}:${capability.id}`}
                      value={answer === 'maybe' ? 'maybe' : 'yes'}
                      defaultChecked={answer === 'yes' || answer === 'maybe'}
                      className="accent-white"
                    />
                    {capability.label}
                    {answer === 'maybe' && <span className="text-xs opacity-75">(maybe)</span>}
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
      <SubmitButton>Save capabilities</SubmitButton>
    </ActionForm>
  );
}

/** The listing switch; "List me" stays off while `blocker` says what listing still needs. */
export function ListingForm({ isListed, blocker }: { isListed: boolean; blocker?: string }) {
  if (isListed) {
    return (
      <div className="space-y-2">
        <p className="text-sm" data-testid="listing-status">
          You are listed: agents can find you.
        </p>
        {/* Without a `listed` field the action unlists. */}
        <ConfirmAction action={setListingAction} label="Unlist me" confirmLabel="Yes, unlist me" testId="unlist">
          Agents stop finding you in worker search and Tasks near you shows no posted tasks until you list yourself
          again; tasks you already accepted stay yours.
        </ConfirmAction>
      </div>
    );
  }
  return (
    <ActionForm action={setListingAction} className="space-y-2">
      <input type="hidden" name="listed" value={String(!isListed)} />
      <p className="text-sm" data-testid="listing-status">
        {isListed ? 'You are listed: agents can find you.' : 'You are not listed.'}
      </p>
      {blocker && (
        <p className="text-sm text-amber-700" id="listing-blocker" data-testid="listing-blocker">
          {blocker}
        </p>
      )}
      <SubmitButton disabled={Boolean(blocker)} aria-describedby={blocker ? 'listing-blocker' : undefined}>
        {isListed ? 'Unlist me' : 'List me'}
      </SubmitButton>
    </ActionForm>
  );
}
