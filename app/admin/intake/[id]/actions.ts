'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import type { TaskFormResult } from '@/app/dashboard/tasks/task-form-actions';
import { refusalErrors, type TaskFormValues, taskFormBody } from '@/app/dashboard/tasks/task-form-body';
import type { ActionState } from '@/components/ui/action-form';
import type { ConfirmState } from '@/components/ui/confirm-action';
import { getDatabase } from '@/db/client';
import { env } from '@/lib/env';
import { getProcessor } from '@/lib/payments/get-processor';
import { taskBodySchema } from '@/lib/schemas/tasks';
import { convertIntake } from '@/lib/services/claims/convert-intake';
import { closeIntake } from '@/lib/services/intake/close-intake';
import { replyToIntake } from '@/lib/services/intake/reply-to-intake';
import { describeActionError, describeFormError } from '@/lib/web/describe-error';
import { requireAdminCaller } from '@/lib/web/require-admin-user';

// The conversation page's forms: the same services, and rules, as POST /v1/intake/{id}/reply, /convert, /close.

const pageOf = (conversationId: string) => `/admin/intake/${conversationId}`;

/** "Send text": the reply is queued for the number and shown in the conversation. */
export async function replyAction(conversationId: string, _state: ActionState, form: FormData): Promise<ActionState> {
  const admin = await requireAdminCaller(pageOf(conversationId));
  const { db } = await getDatabase();
  try {
    await replyToIntake(db, { admin, conversationId, body: String(form.get('body') ?? '').trim() });
  } catch (error) {
    return describeFormError(error, { body: { field: 'body', label: 'Reply' } });
  }
  revalidatePath(pageOf(conversationId));
  return { saved: true };
}

/** "Convert and text the claim link": the form's task becomes a draft whose claim link is texted. */
export async function convertAction(conversationId: string, values: TaskFormValues): Promise<TaskFormResult> {
  const admin = await requireAdminCaller(pageOf(conversationId));
  const parsed = taskBodySchema.safeParse(taskFormBody(values));
  if (!parsed.success) return { errors: refusalErrors(parsed.error) ?? {} };
  const { db } = await getDatabase();
  try {
    await convertIntake(
      db,
      { admin, conversationId, task: parsed.data },
      { siteUrl: env().SITE_URL, livemode: getProcessor(db).livemode },
    );
  } catch (error) {
    const errors = refusalErrors(error);
    if (errors) return { errors };
    throw error;
  }
  redirect(`${pageOf(conversationId)}?done=converted`);
}

/** "Close without a task". */
export async function closeAction(conversationId: string, _state: ConfirmState): Promise<ConfirmState> {
  const admin = await requireAdminCaller(pageOf(conversationId));
  const { db } = await getDatabase();
  try {
    await closeIntake(db, { admin, conversationId });
  } catch (error) {
    return { error: describeActionError(error) };
  }
  redirect(`${pageOf(conversationId)}?done=closed`);
}
