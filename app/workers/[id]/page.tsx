import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { WorkerAvatar, WorkerStats, workerName } from '@/components/worker-card';
import { getDatabase } from '@/db/client';
import { ApiError } from '@/lib/errors/api-error';
import { formatMoney } from '@/lib/format/money';
import { listWorkerServices } from '@/lib/services/services/list-worker-services';
import { getWorkerProfile } from '@/lib/services/workers/get-worker-profile';
import { requireBrowserUser } from '@/lib/web/require-browser-user';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Worker' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// A worker's public profile, read-only, as GET /v1/workers/{id} shows it: only the owner sees the exact
// location, everyone else the city and a coarse point (DESIGN §4 "Workers"), so this page shows the city only.
export default async function WorkerProfilePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const current = await requireBrowserUser(`/workers/${id}`);
  if (!UUID.test(id)) notFound();
  const { db } = await getDatabase();
  let profile: Awaited<ReturnType<typeof getWorkerProfile>>;
  try {
    profile = await getWorkerProfile(db, { viewerId: current.user.id, workerId: id });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
  // Unlisted workers show no services to others (404 from the service): the profile alone then.
  const services = await listWorkerServices(db, { workerId: id, userId: current.user.id, status: 'active', limit: 20 })
    .then((page) => page.data)
    .catch((error) => {
      if (error instanceof ApiError && error.code === 'NOT_FOUND') return [];
      throw error;
    });
  const own = profile.userId === current.user.id;
  const place = profile.location
    ? [profile.location.city, profile.location.region, profile.location.country].filter(Boolean).join(', ')
    : null;
  return (
    <div className="space-y-6">
      <PageHeader title={workerName(profile)} description={profile.headline ?? undefined} />
      <Card className="space-y-4" testId="worker-profile">
        <div className="flex items-center gap-4">
          <WorkerAvatar profile={profile} size="lg" />
          <div className="min-w-0 space-y-1">
            {place && <p className="text-sm text-stone-700">{place}</p>}
            <WorkerStats profile={profile} />
          </div>
        </div>
        {profile.bio && <p className="whitespace-pre-line text-sm text-stone-700">{profile.bio}</p>}
        {(profile.skills ?? []).length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Skills">
            {(profile.skills ?? []).map((skill) => (
              <li key={skill} className="rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-700">
                {skill}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {services.length > 0 && (
        <Card
          title="Services"
          description={
            own ? 'What requesters see and book.' : 'Fixed prices. Book one, pick a free slot, and pay with your card.'
          }
          testId="worker-services"
        >
          <ul className="space-y-2 text-sm">
            {services.map((service) => (
              <li key={service.id}>
                <span className="font-medium">{service.title}</span>: {formatMoney(service.priceCents)} for{' '}
                {service.durationMinutes} min, {service.area ? 'in person' : 'remote'}{' '}
                {!own && (
                  <Link
                    href={`/services/${service.id}/book`}
                    className={buttonClass({ variant: 'secondary', compact: true })}
                    aria-label={`Book ${service.title}`}
                  >
                    Book
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
