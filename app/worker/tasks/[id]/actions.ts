'use server';

import { revalidatePath } from 'next/cache';
import type { TaskActionState } from '@/components/task-action-form';
import { getDatabase } from '@/db/client';
import type { ActorUser } from '@/lib/auth/actor';
import { proofBodySchema } from '@/lib/schemas/task-actions';
import { acceptTask } from '@/lib/services/tasks/accept-task';
import { submitProof } from '@/lib/services/tasks/submit-proof';
import { withdrawFromTask } from '@/lib/services/tasks/withdraw-from-task';
import { describeActionError } from '@/lib/web/describe-error';
import { requireBrowserActor } from '@/lib/web/require-browser-actor';

// The worker's buttons on /worker/tasks/[id]: the same services (and rules) as the /v1 action routes.

const pageOf = (taskId: string) => `/worker/tasks/${taskId}`;

type Database = Awaited<ReturnType<typeof getDatabase>>['db'];

/** Runs one of the worker's task services as the signed-in user; on success refreshes the page and `alsoRefresh`. */
async function run(
  taskId: string,
  act: (db: Database, user: ActorUser) => Promise<unknown>,
  ...alsoRefresh: string[]
): Promise<TaskActionState> {
  const user = await requireBrowserActor(pageOf(taskId));
  const { db } = await getDatabase();
  try {
    await act(db, user);
  } catch (error) {
    return { error: describeActionError(error) };
  }
  revalidatePath(pageOf(taskId));
  for (const path of alsoRefresh) revalidatePath(path);
  return { done: true };
}

export async function acceptAction(taskId: string, _state: TaskActionState, _form: FormData): Promise<TaskActionState> {
  return run(taskId, (db, user) => acceptTask(db, { user, taskId }), '/worker/tasks');
}

export async function withdrawAction(
  taskId: string,
  _state: TaskActionState,
  _form: FormData,
): Promise<TaskActionState> {
  return run(taskId, (db, user) => withdrawFromTask(db, user, taskId), '/worker/tasks');
}

/**
 * Proof from the page's form: its photos were uploaded first (POST /dashboard/uploads, the worker's own uploads;
 * an action body is limited to 1 MB), so the form carries their ids, a note and, if given, the location.
 */
export async function submitProofAction(
  taskId: string,
  _state: TaskActionState,
  form: FormData,
): Promise<TaskActionState> {
  return run(taskId, async (db, user) => {
    const note = String(form.get('note') ?? '').trim();
    const lat = String(form.get('lat') ?? '').trim();
    const lng = String(form.get('lng') ?? '').trim();
    const photoIds = form.getAll('photoIds').map(String);
    const proof = proofBodySchema.parse({
      ...(note ? { note } : {}),
      ...(photoIds.length ? { photoIds } : {}),
      ...(lat || lng ? { location: { lat: Number(lat), lng: Number(lng) } } : {}),
    });
    await submitProof(db, { user, taskId, proof });
  });
}
