import Link from 'next/link';
import type { WorkerProfileResource } from '@/lib/schemas/worker-profile';

/** Initials of a display name, for a worker without a photo. */
function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

export const workerName = (profile: Pick<WorkerProfileResource, 'displayName'>) =>
  profile.displayName?.trim() || 'Worker';

/** A worker's photo, or their initials in a circle. */
export function WorkerAvatar({ profile, size = 'md' }: { profile: WorkerProfileResource; size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'h-20 w-20 text-2xl' : 'h-12 w-12 text-base';
  const photo = profile.photos[0];
  return photo ? (
    // biome-ignore lint/performance/noImgElement: a user's upload, any size; next/image would need its host configured
    <img src={photo} alt="" className={`${box} shrink-0 rounded-full border border-stone-200 object-cover`} />
  ) : (
    <span
      aria-hidden
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-stone-200 font-medium text-stone-700`}
    >
      {initials(workerName(profile))}
    </span>
  );
}

/** Rating, ID check and track record in one line. */
export function WorkerStats({ profile }: { profile: WorkerProfileResource }) {
  const tasks = profile.completedTasks === 1 ? '1 completed task' : `${profile.completedTasks} completed tasks`;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600">
      <span data-testid="worker-rating">
        {profile.averageRating === null ? 'No ratings yet' : `★ ${Number(profile.averageRating).toFixed(1)}`}
      </span>
      {profile.verificationTier >= 1 ? (
        <span
          data-testid="worker-verified"
          className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800"
        >
          ID verified
        </span>
      ) : (
        <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-600">Not ID verified</span>
      )}
      <span>{tasks}</span>
    </p>
  );
}

/** Who accepted a task, as its requester sees them: photo, name, rating, ID check, track record, profile link. */
export function WorkerCard({ profile }: { profile: WorkerProfileResource }) {
  return (
    <div className="flex items-start gap-4" data-testid="worker-card">
      <WorkerAvatar profile={profile} />
      <div className="min-w-0 space-y-1">
        <p className="font-medium" data-testid="worker-name">
          {workerName(profile)}
        </p>
        {profile.headline && <p className="text-sm text-stone-700">{profile.headline}</p>}
        <WorkerStats profile={profile} />
        <Link href={`/workers/${profile.id}`} className="text-sm underline" data-testid="worker-profile-link">
          View profile
        </Link>
      </div>
    </div>
  );
}
