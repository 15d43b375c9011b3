import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { getDatabase } from '@/db/client';
import { env } from '@/lib/env';
import { centsAsDecimal } from '@/lib/format/money';
import { CITIES } from '@/lib/geo/cities';
import { reversePlace } from '@/lib/services/geo/reverse-place';
import { REQUIRABLE_CHECKS, type RequirableCheck } from '@/lib/tasks/proof-verification';
import { requireBrowserUser } from '@/lib/web/require-browser-user';
import { loadTaskPage } from '../../load-task-page';
import { TaskForm, type TaskFormInitial } from '../../task-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Edit draft' };

type Task = Awaited<ReturnType<typeof loadTaskPage>>['task'];

/**
 * The draft's place as the picker shows it: its city when the coordinates are a gazetteer place's (the picker's
 * pick), or one of the short list's (the SMS intake's prefill); else the bare point.
 */
async function placeOf(location: Task['location']): Promise<TaskFormInitial['place']> {
  if (!location) return null;
  const { lat, lng } = location;
  const found = await reversePlace({ lat, lng });
  if (location.precision === 'point') {
    return { city: found.name, region: found.region ?? '', country: found.country, lat, lng, pinned: true };
  }
  if (found.lat === lat && found.lng === lng) {
    return { city: found.name, region: found.region ?? '', country: found.country, lat, lng };
  }
  const city = CITIES.find((item) => item.lat === lat && item.lng === lng);
  return city
    ? { city: city.name, region: city.region, country: city.country, lat, lng }
    : { city: 'Current place', region: '', country: '', lat, lng };
}

// A draft, in the "New task" form: save the changes (PATCH /v1/tasks/{id}) or pay and post it (publish).
const isRequirable = (check: string): check is RequirableCheck =>
  (REQUIRABLE_CHECKS as readonly string[]).includes(check);

export default async function EditDraftPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const current = await requireBrowserUser(`/dashboard/tasks/${id}/edit`);
  const { db } = await getDatabase();
  const { access, task } = await loadTaskPage(db, current.user.id, id);
  if (access.side !== 'requester') notFound();
  if (task.status !== 'draft') redirect(`/dashboard/tasks/${id}`);
  const initial: TaskFormInitial = {
    title: task.title,
    description: task.description ?? '',
    category: task.category,
    place: await placeOf(task.location),
    address: task.location?.address ?? '',
    budget: centsAsDecimal(task.budgetCents),
    deadline: task.deadline,
    acceptWithin: task.acceptWithinMinutes === null ? '' : String(task.acceptWithinMinutes),
    skills: task.requiredSkills.join(', '),
    proofRequirements: task.proofRequirements,
    instructions: task.instructions ?? '',
    proofChecks: {
      radius: String(task.proofRadiusMeters),
      requiredChecks: task.requiredChecks.filter(isRequirable),
      autoApprove: task.autoApprove === 'when_passed',
      autoApproveAfter: String(task.autoApproveAfterMinutes),
    },
  };
  return (
    <div className="space-y-6">
      <PageHeader title="Edit draft" back={{ href: `/dashboard/tasks/${id}`, label: task.title }} />
      <Card>
        <TaskForm initial={initial} taskId={id} tileUrl={env().MAP_TILE_URL} />
      </Card>
    </div>
  );
}
