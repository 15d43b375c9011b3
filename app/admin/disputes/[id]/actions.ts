'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { dollarsToCents } from '@/app/dashboard/tasks/task-form-body';
import type { ActionState } from '@/components/ui/action-form';
import { getDatabase } from '@/db/client';
import { addDisputeEvidenceOperation, resolveDisputeByIdOperation } from '@/lib/schemas/disputes';
import { addDisputeEvidence } from '@/lib/services/disputes/add-dispute-evidence';
import { resolveDisputeById } from '@/lib/services/disputes/resolve-dispute-by-id';
import { describeFormError, type FormFieldMap } from '@/lib/web/describe-error';
import { requireAdminCaller } from '@/lib/web/require-admin-user';

// The dispute page's forms: the same services, and rules, as POST /v1/disputes/{id}/evidence and /resolve.

const pageOf = (disputeId: string) => `/admin/disputes/${disputeId}`;

const RESOLVE_FIELDS: FormFieldMap = {
  outcome: { field: 'outcome', label: 'Outcome' },
  workerCents: {
    field: 'workerDollars',
    label: 'Worker gets (USD)',
    message: 'Enter an amount in dollars above $0.00 and below the task’s budget.',
  },
  note: { field: 'note', label: 'Note' },
};

/** "Add a note as admin": staff evidence, text only, recorded in the audit log. */
export async function addAdminEvidenceAction(
  disputeId: string,
  _state: ActionState,
  form: FormData,
): Promise<ActionState> {
  const admin = await requireAdminCaller(pageOf(disputeId));
  const parsed = addDisputeEvidenceOperation.body.safeParse({ text: String(form.get('text') ?? '') });
  if (!parsed.success) return describeFormError(parsed.error, { text: { field: 'text', label: 'Evidence' } });
  const { db } = await getDatabase();
  try {
    await addDisputeEvidence(db, { ...admin, disputeId, text: parsed.data.text });
  } catch (error) {
    return describeFormError(error, { text: { field: 'text', label: 'Evidence' } });
  }
  revalidatePath(pageOf(disputeId));
  return { saved: true };
}

/** "Yes, resolve": the escrow moves as the outcome says; the page then shows the resolution. */
export async function resolveAction(disputeId: string, _state: ActionState, form: FormData): Promise<ActionState> {
  const admin = await requireAdminCaller(pageOf(disputeId));
  const outcome = String(form.get('outcome') ?? '');
  const typed = String(form.get('workerDollars') ?? '');
  const workerCents = outcome === 'split' ? dollarsToCents(typed) : undefined;
  if (workerCents === null) {
    return {
      error: 'Check Worker gets (USD).',
      fieldErrors: { workerDollars: 'Enter an amount in dollars, such as 12.50.' },
    };
  }
  const parsed = resolveDisputeByIdOperation.body.safeParse({
    outcome: outcome || undefined,
    note: String(form.get('note') ?? ''),
    ...(workerCents === undefined ? {} : { workerCents }),
  });
  if (!parsed.success) return describeFormError(parsed.error, RESOLVE_FIELDS);
  const { db } = await getDatabase();
  try {
    await resolveDisputeById(db, {
      admin,
      disputeId,
      resolution: parsed.data,
    });
  } catch (error) {
    return describeFormError(error, RESOLVE_FIELDS);
  }
  revalidatePath(pageOf(disputeId));
  revalidatePath('/admin/disputes');
  redirect(`${pageOf(disputeId)}?done=resolved`);
}
