'use server';

import { revalidatePath } from 'next/cache';
import type { ActionState } from '@/components/ui/action-form';
import { getDatabase } from '@/db/client';
import { addDisputeEvidenceOperation } from '@/lib/schemas/disputes';
import { disputeTaskOperation } from '@/lib/schemas/task-actions';
import { addDisputeEvidence } from '@/lib/services/disputes/add-dispute-evidence';
import { disputeTask } from '@/lib/services/disputes/dispute-task';
import { actionClientIp } from '@/lib/web/action-client-ip';
import { describeFormError, type FormFieldMap } from '@/lib/web/describe-error';
import { requireBrowserActor, requireBrowserCaller } from '@/lib/web/require-browser-actor';

// A task's dispute from either side's task page: the same services and rules as POST /v1/tasks/{id}/dispute and
// POST /v1/disputes/{id}/evidence. Both pages are refreshed: the requester's and the worker's.

const OPEN_FIELDS: FormFieldMap = {
  reason: { field: 'reason', label: 'Reason' },
  details: { field: 'details', label: 'Details' },
};
const EVIDENCE_FIELDS: FormFieldMap = {
  text: { field: 'text', label: 'Evidence' },
  uploadIds: { field: 'photos', label: 'Photos', message: 'A photo could not be attached: upload it again.' },
};

function refreshTaskPages(taskId: string) {
  revalidatePath(`/dashboard/tasks/${taskId}`);
  revalidatePath(`/worker/tasks/${taskId}`);
}

/** "Open dispute": the task is disputed (the escrow stays held) and the Dispute card takes the form's place. */
export async function openDisputeAction(taskId: string, _state: ActionState, form: FormData): Promise<ActionState> {
  const user = await requireBrowserActor(`/dashboard/tasks/${taskId}`);
  const details = String(form.get('details') ?? '').trim();
  const parsed = disputeTaskOperation.body.safeParse({
    reason: String(form.get('reason') ?? ''),
    ...(details ? { details } : {}),
  });
  if (!parsed.success) return describeFormError(parsed.error, OPEN_FIELDS);
  const { db } = await getDatabase();
  try {
    await disputeTask(db, { user, taskId, ...parsed.data });
  } catch (error) {
    return describeFormError(error, OPEN_FIELDS);
  }
  refreshTaskPages(taskId);
  return { saved: true };
}

/** "Add evidence": the text and the photos the form uploaded first (the poster's own uploads, as `uploadIds`). */
export async function addDisputeEvidenceAction(
  taskId: string,
  disputeId: string,
  _state: ActionState,
  form: FormData,
): Promise<ActionState> {
  const caller = await requireBrowserCaller(`/dashboard/tasks/${taskId}`);
  const uploadIds = form.getAll('uploadIds').map(String);
  const parsed = addDisputeEvidenceOperation.body.safeParse({
    text: String(form.get('text') ?? ''),
    ...(uploadIds.length > 0 ? { uploadIds } : {}),
  });
  if (!parsed.success) return describeFormError(parsed.error, EVIDENCE_FIELDS);
  const { db } = await getDatabase();
  try {
    await addDisputeEvidence(db, { ...caller, ip: await actionClientIp(), disputeId, ...parsed.data });
  } catch (error) {
    return describeFormError(error, EVIDENCE_FIELDS);
  }
  refreshTaskPages(taskId);
  return { saved: true };
}
