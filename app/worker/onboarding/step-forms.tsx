'use client';

import { PlacePicker } from '@/components/place-picker';
import { ActionForm } from '@/components/ui/action-form';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { Field, FileField, TextAreaField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { afterUploading } from '@/components/upload-form-files';
import type { WorkerProfileResource } from '@/lib/schemas/worker-profile';
import type { CapabilityCategory } from '@/lib/workers/capabilities';
import { saveCapabilitiesAction, saveProfileAction, setListingAction } from './actions';

export function ProfileForm({ profile }: { profile: WorkerProfileResource | null }) {
  const location = profile?.location;
  return (
    <ActionForm action={afterUploading(saveProfileAction, 'photo', 'photoId')}>
      <Field label="Display name" name="displayName" defaultValue={profile?.displayName ?? ''} />
      <Field label="Headline" name="headline" defaultValue={profile?.headline ?? ''} />
      <TextAreaField label="Bio" name="bio" defaultValue={profile?.bio ?? ''} rows={3} />
      <Field label="Skills (comma-separated)" name="skills" defaultValue={profile?.skills?.join(', ') ?? ''} />
      <Field
        label="Hourly rate ($)"
        name="hourlyRate"
        type="number"
        step="0.01"
        defaultValue={profile?.hourlyRateCents ? (profile.hourlyRateCents / 100).toFixed(2) : ''}
      />
      <PlacePicker
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

export function ListingForm({ isListed }: { isListed: boolean }) {
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
      <SubmitButton>{isListed ? 'Unlist me' : 'List me'}</SubmitButton>
    </ActionForm>
  );
}
