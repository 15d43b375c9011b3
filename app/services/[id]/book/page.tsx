import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { getDatabase } from '@/db/client';
import { ApiError } from '@/lib/errors/api-error';
import { getProcessor } from '@/lib/payments/get-processor';
import { listFreeSlots } from '@/lib/services/bookings/list-free-slots';
import { getService } from '@/lib/services/services/get-service';
import { requireBrowserUser } from '@/lib/web/require-browser-user';
import { BookForm } from './book-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Book a service' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Book a worker's fixed-price service for one of their free slots (the next 14 days of their published hours, less
// what bookings hold), as POST /v1/services/{id}/book does, paid with the card on file.
// The price is shown by the form, which follows it when it changed. One's own service shows the form too: booking it answers the service's own 403 in the form.
export default async function BookServicePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const current = await requireBrowserUser(`/services/${id}/book`);
  if (!UUID.test(id)) notFound();
  const { db } = await getDatabase();
  let service: Awaited<ReturnType<typeof getService>>;
  try {
    service = await getService(db, { serviceId: id, userId: current.user.id });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
  const worker = service.worker.displayName ?? 'this worker';
  const free = await listFreeSlots(db, {
    serviceId: id,
    userId: current.user.id,
    livemode: getProcessor(db).livemode,
  });
  return (
    <div className="space-y-6">
      <PageHeader
        title={service.title}
        back={{ href: `/workers/${service.worker.id}`, label: worker }}
        description={`${service.durationMinutes} min, ${service.area ? 'in person' : 'remote'}. The booking is a task ${worker} has already accepted.`}
      />
      {service.description && (
        <Card>
          <p className="whitespace-pre-line text-sm text-stone-700">{service.description}</p>
        </Card>
      )}
      <Card title="Book a slot" testId="book-service">
        {free.slots.length > 0 ? (
          <BookForm serviceId={service.id} priceCents={service.priceCents} slots={free.slots} />
        ) : (
          <EmptyState testId="no-slots">
            {!free.hasHours
              ? `${worker} has not published their hours yet, so there is no slot to pick.`
              : !free.takingTasks
                ? `${worker} is not taking bookings right now.`
                : `${worker} has no free slot in the next 14 days.`}{' '}
            <Link href="/find" className="underline">
              Find other help
            </Link>
            .
          </EmptyState>
        )}
      </Card>
    </div>
  );
}
