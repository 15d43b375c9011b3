import type { Metadata } from 'next';
import Link from 'next/link';
import { plural } from '@/components/format';
import { buttonClass } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { getDatabase } from '@/db/client';
import { getOwnWorkerProfile } from '@/lib/services/workers/get-own-worker-profile';
import { requireBrowserUser } from '@/lib/web/require-browser-user';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Worker' };

// The worker's home: their profile as agents see it, and whether they are listed.
export default async function WorkerHomePage() {
  const { user } = await requireBrowserUser('/worker');
  const { db } = await getDatabase();
  const profile = await getOwnWorkerProfile(db, user.id);
  if (!profile) {
    return (
      <div className="space-y-3">
        <PageHeader title="Work on Legwork" description="Get paid for tasks near you: checks, pickups, photos." />
        <Link href="/worker/onboarding" className={`inline-block ${buttonClass()}`}>
          Become a worker
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <PageHeader title={profile.displayName ?? 'Your worker profile'} />
      <p className="text-sm" data-testid="worker-status">
        {profile.isListed ? 'Listed: agents can find you.' : 'Not listed yet.'} ID verification tier{' '}
        {profile.verificationTier}. {plural(profile.completedTasks, 'completed task')}, rating{' '}
        {profile.averageRating ?? '—'}.
      </p>
      {profile.headline && <p className="text-stone-700">{profile.headline}</p>}
      <p className="text-sm text-stone-600">
        {profile.location
          ? `${profile.location.city ?? 'Location set'}, ${profile.location.country ?? ''}`
          : 'No location'}{' '}
        · skills: {profile.skills?.join(', ') || 'none'}
      </p>
      <div className="flex gap-4 text-sm">
        <Link href="/worker/tasks" className="underline">
          Tasks near you
        </Link>
        <Link href="/worker/onboarding" className="underline">
          Edit profile and listing
        </Link>
      </div>
    </div>
  );
}
