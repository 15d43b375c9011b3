import type { Metadata } from 'next';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { env } from '@/lib/env';
import { requireBrowserUser } from '@/lib/web/require-browser-user';
import { EMPTY_TASK_FORM, TaskForm } from '../task-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'New task' };

// Post a task from the dashboard: save it as a draft, or pay with the card on file and post it to workers.
export default async function NewTaskPage() {
  await requireBrowserUser('/dashboard/tasks/new');
  return (
    <div className="space-y-6">
      <PageHeader
        title="New task"
        back={{ href: '/dashboard/tasks', label: 'Tasks' }}
        description="Workers near the place see it once it is posted. You pay the budget plus the platform fee; it is held until you approve the work."
      />
      <Card>
        <TaskForm initial={EMPTY_TASK_FORM} tileUrl={env().MAP_TILE_URL} />
      </Card>
    </div>
  );
}
