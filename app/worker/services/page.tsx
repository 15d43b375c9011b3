import type { Metadata } from 'next';
import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { getDatabase } from '@/db/client';
import { formatCategory } from '@/lib/format/category';
import { formatMoney } from '@/lib/format/money';
import { listWorkerServices } from '@/lib/services/services/list-worker-services';
import { findWorkerProfileId } from '@/lib/services/workers/find-worker-profile-id';
import { getOwnAvailability } from '@/lib/services/workers/get-own-availability';
import { requireBrowserUser } from '@/lib/web/require-browser-user';
import { archiveServiceAction, createServiceAction, saveAvailabilityAction, updateServiceAction } from './actions';
import { AvailabilityForm } from './availability-form';
import { ServiceForm } from './service-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Your services' };

const km = (meters: number) => `${(meters / 1_000).toLocaleString('en-US', { maximumFractionDigits: 1 })} km`;

// A worker's fixed-price services: the new-service form, then each service with its edit form and archive
// button. Bookings of them show on /worker/tasks as accepted tasks.
export default async function WorkerServicesPage() {
  const { user } = await requireBrowserUser('/worker/services');
  const { db } = await getDatabase();
  const profileId = await findWorkerProfileId(db, user.id);
  if (!profileId) {
    return (
      <div className="space-y-6">
        <PageHeader title="Your services" />
        <EmptyState>
          Services are offered by workers. <Link href="/worker/onboarding">Create your worker profile</Link> first.
        </EmptyState>
      </div>
    );
  }
  const { data: services } = await listWorkerServices(db, {
    workerId: profileId,
    userId: user.id,
    status: 'all',
    limit: 100,
  });
  const hours = await getOwnAvailability(db, { profileId });
  const active = services.filter((service) => service.status === 'active');
  const archived = services.filter((service) => service.status === 'archived');
  return (
    <div className="space-y-6">
      <PageHeader
        title="Your services"
        description="Fixed-price offers requesters book for a slot. A booking becomes a task you have already accepted."
      />
      <Card
        title="Your hours"
        description="Requesters book your services only inside these weekly hours, never over another booking."
        testId="availability"
      >
        {hours.weekly.length === 0 && (
          <Notice tone="warning" testId="no-hours">
            No hours yet: nobody can pick a slot of your services until you add some.
          </Notice>
        )}
        <AvailabilityForm action={saveAvailabilityAction} weekly={hours.weekly} timeZone={hours.timeZone} />
      </Card>
      <Card title="New service" testId="new-service">
        <ServiceForm action={createServiceAction} submitLabel="Create service" />
      </Card>
      {active.length === 0 && <EmptyState testId="no-services">You offer no services yet.</EmptyState>}
      {active.map((service) => (
        <Card
          key={service.id}
          testId="service"
          title={service.title}
          description={`${formatMoney(service.priceCents)} · ${service.durationMinutes} min · ${
            service.area ? `within ${km(service.area.radiusMeters)}` : 'remote'
          } · ${formatCategory(service.category)}`}
          aside={
            <ConfirmAction
              action={archiveServiceAction.bind(null, service.id)}
              label="Archive"
              confirmLabel="Yes, archive it"
              compact
            >
              Requesters will no longer find or book “{service.title}”. Bookings already made go on.
            </ConfirmAction>
          }
        >
          <details>
            <summary className="cursor-pointer text-sm text-stone-600">Edit</summary>
            <ServiceForm action={updateServiceAction.bind(null, service.id)} service={service} submitLabel="Save" />
          </details>
        </Card>
      ))}
      {archived.length > 0 && (
        <Card title="Archived" description="No longer offered.">
          <ul className="list-disc space-y-1 pl-5 text-sm text-stone-600">
            {archived.map((service) => (
              <li key={service.id}>
                {service.title} ({formatMoney(service.priceCents)}, {service.durationMinutes} min)
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
