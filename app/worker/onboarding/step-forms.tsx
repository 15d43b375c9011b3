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
  notes = {},
}: {
  profile: WorkerProfileResource | null;
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
        defaultValue={profile?.displayName ?? ''}
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
        Your answers are private. Only “yes” and “maybe” appear on your public profile, as skills.
      </p>
      {categories.map((category) => (
        <fieldset key={category.id} className="space-y-1">
          <legend className="text-sm font-medium">{category.label}</legend>
          {category.capabilities.map((capability) => (
            <div key={capability.id} className="flex items-center gap-3 text-sm">
              <span className="flex-1">{capability.label}</span>
              {(['yes', 'maybe', 'no'] as const).map((answer) => (
                <label key={answer} className="flex items-center gap-1">
                  <input
                    type="radio"
                    name={`cap:${category.id}:${capability.id}`}
                    value={answer}
                    defaultChecked={answerOf(category.id, capability.id) === answer}
                    aria-label={`${capability.label}: ${answer}`}
                  />
                  {answer}
                </label>
              ))}
            </div>
          ))}
        </fieldset>
      ))}
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
