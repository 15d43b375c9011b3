'use server';

import { revalidatePath } from 'next/cache';
import type { ProofRefusal } from '@/components/proof-verdict-words';
import type { TaskActionState } from '@/components/task-action-form';
import type { ProofCheckState, ProofDraft, ProofSubmitState } from '@/components/task-proof-form';
import { getDatabase } from '@/db/client';
import type { ActorUser } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import { proofBodySchema } from '@/lib/schemas/task-actions';
import { acceptTask } from '@/lib/services/tasks/accept-task';
import { checkProof } from '@/lib/services/tasks/check-proof';
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

/** The form's proof as the API's submit body: the uploaded photos' ids, the note and the position, if given. */
function proofOf(draft: ProofDraft) {
  const note = draft.note.trim();
  const lat = draft.lat.trim();
  const lng = draft.lng.trim();
  return proofBodySchema.parse({
    ...(note ? { note } : {}),
    ...(draft.photoIds.length ? { photoIds: draft.photoIds } : {}),
    ...(lat || lng ? { location: { lat: Number(lat), lng: Number(lng) } } : {}),
  });
}

/**
 * The verdict the proof would get if submitted now (the dry run of POST /v1/tasks/{id}/check-proof), for the form
 * to say before the worker submits. Nothing is stored.
 */
export async function checkProofAction(taskId: string, draft: ProofDraft): Promise<ProofCheckState> {
  const user = await requireBrowserActor(pageOf(taskId));
  const { db } = await getDatabase();
  try {
    return await checkProof(db, { user, taskId, proof: proofOf(draft) });
  } catch (error) {
    return { error: describeActionError(error) };
  }
}

/**
 * Proof from the page's form: its photos were uploaded first (POST /dashboard/uploads, the worker's own uploads;
 * an action body is limited to 1 MB), so the form carries their ids, a note and, if given, the location. A check
 * the task requires and the proof fails (PROOF_CHECK_FAILED) comes back as `refusal`, for the form to say in words.
 */
export async function submitProofAction(taskId: string, draft: ProofDraft): Promise<ProofSubmitState> {
  let refusal: ProofRefusal | undefined;
  const state = await run(taskId, async (db, user) => {
    try {
      await submitProof(db, { user, taskId, proof: proofOf(draft) });
    } catch (error) {
      refusal = refusalOf(error);
      throw error;
    }
  });
  return refusal ? { refusal } : state;
}

/** The check a PROOF_CHECK_FAILED refusal names, from its details; undefined for any other error. */
function refusalOf(error: unknown): ProofRefusal | undefined {
  if (!(error instanceof ApiError) || String(error.code) !== 'PROOF_CHECK_FAILED') return undefined;
  const details = error.details ?? {};
  return {
    check: String(details.check ?? ''),
    result: String(details.result ?? ''),
    detail: String(details.detail ?? ''),
  };
}
