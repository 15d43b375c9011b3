'use server';

import { revalidatePath } from 'next/cache';
import type { TaskActionState } from '@/components/task-action-form';
import { getDatabase } from '@/db/client';
import { describeActionError } from '@/lib/api/describe-error';
import { approveTask } from '@/lib/services/tasks/approve-task';
import { cancelTask } from '@/lib/services/tasks/cancel-task';
import { requestRevision } from '@/lib/services/tasks/request-revision';
import { requireBrowserActor } from '../browser-actor';

// The requester's buttons on /dashboard/tasks/[id]: the same services (and rules) as the /v1 action routes.

const pageOf = (taskId: string) => `/dashboard/tasks/${taskId}`;

async function run(taskId: string, act: (user: Awaited<ReturnType<typeof requireBrowserActor>>) => Promise<unknown>) {
  const user = await requireBrowserActor(pageOf(taskId));
  try {
    await act(user);
  } catch (error) {
    return { error: describeActionError(error) };
  }
  revalidatePath(pageOf(taskId));
  return { done: true };
}

export async function approveAction(
  taskId: string,
  _state: TaskActionState,
  _form: FormData,
): Promise<TaskActionState> {
  const { db } = await getDatabase();
  return run(taskId, (user) => approveTask(db, user, taskId));
}

export async function requestRevisionAction(
  taskId: string,
  _state: TaskActionState,
  form: FormData,
): Promise<TaskActionState> {
  const { db } = await getDatabase();
  const reason = String(form.get('reason') ?? '').trim();
  if (reason.length > 2_000) return { error: 'reason: Must be at most 2000 characters' };
  return run(taskId, (user) => requestRevision(db, { user, taskId, reason: reason || undefined }));
}

export async function cancelAction(taskId: string, _state: TaskActionState, _form: FormData): Promise<TaskActionState> {
  const { db } = await getDatabase();
  return run(taskId, (user) => cancelTask(db, user, taskId));
}
