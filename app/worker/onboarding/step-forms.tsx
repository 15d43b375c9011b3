'use client';

import { useActionState } from 'react';
import { ActionError } from '@/components/action-error';
import { afterUploading } from '@/components/upload-form-files';
import type { WorkerProfileResource } from '@/lib/schemas/worker-profile';
import type { CapabilityCategory } from '@/lib/workers/capabilities';
import { type StepState, saveCapabilitiesAction, saveProfileAction, setListingAction } from './actions';
import { CityPicker } from './city-picker';

const input = 'mt-1 block w-full rounded-md border border-stone-300 px-3 py-2';
const primary = 'rounded-md bg-stone-900 px-4 py-2 text-sm text-white hover:bg-stone-700 disabled:opacity-50';

function Outcome({ state }: { state: StepState }) {
  return state.error ? (
    <ActionError error={state.error} />
  ) : state.saved ? (
    <p className="text-sm text-green-700" role="status">
      Saved
    </p>
  ) : null;
}

function Field(props: { label: string; name: string; value?: string | null; type?: string; step?: string }) {
  return (
    <label className="block text-sm">
      <span className="text-stone-700">{props.label}</span>
      <input
        name={props.name}
        type={props.type ?? 'text'}
        step={props.step}
        defaultValue={props.value ?? ''}
        className={input}
      />
    </label>
  );
}

export function ProfileForm({ profile }: { profile: WorkerProfileResource | null }) {
  const [state, action, pending] = useActionState<StepState, FormData>(
    afterUploading(saveProfileAction, 'photo', 'photoId'),
    {},
  );
  const location = profile?.location;
  return (
    <form action={action} className="space-y-3">
      <Field label="Display name" name="displayName" value={profile?.displayName} />
      <Field label="Headline" name="headline" value={profile?.headline} />
      <label className="block text-sm">
        <span className="text-stone-700">Bio</span>
        <textarea name="bio" defaultValue={profile?.bio ?? ''} rows={3} className={input} />
      </label>
      <Field label="Skills (comma-separated)" name="skills" value={profile?.skills?.join(', ')} />
      <Field
        label="Hourly rate ($)"
        name="hourlyRate"
        type="number"
        step="0.01"
        value={profile?.hourlyRateCents ? (profile.hourlyRateCents / 100).toFixed(2) : ''}
      />
      <CityPicker
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
      <label className="block text-sm">
        <span className="text-stone-700">Photo (JPEG, PNG or WebP, up to 10 MB)</span>
        <input name="photo" type="file" accept="image/jpeg,image/png,image/webp" className="mt-1 block text-sm" />
      </label>
      <button type="submit" disabled={pending} className={primary}>
        Save profile
      </button>
      <Outcome state={state} />
    </form>
  );
}

export function CapabilitiesForm({
  categories,
  answers,
}: {
  categories: CapabilityCategory[];
  answers: { category: string; capability: string; answer: string }[];
}) {
  const [state, action, pending] = useActionState<StepState, FormData>(saveCapabilitiesAction, {});
  const answerOf = (category: string, capability: string) =>
    answers.find((item) => item.category === category && item.capability === capability)?.answer ?? '';
  return (
    <form action={action} className="space-y-4">
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
      <button type="submit" disabled={pending} className={primary}>
        Save capabilities
      </button>
      <Outcome state={state} />
    </form>
  );
}

export function ListingForm({ isListed }: { isListed: boolean }) {
  const [state, action, pending] = useActionState<StepState, FormData>(setListingAction, {});
  return (
    <form action={action} className="space-y-2">
      <input type="hidden" name="listed" value={String(!isListed)} />
      <p className="text-sm" data-testid="listing-status">
        {isListed ? 'You are listed: agents can find you.' : 'You are not listed.'}
      </p>
      <button type="submit" disabled={pending} className={primary}>
        {isListed ? 'Unlist me' : 'List me'}
      </button>
      {state.error && <ActionError error={state.error} />}
    </form>
  );
}
