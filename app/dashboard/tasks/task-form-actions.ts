'use server';

import { redirect } from 'next/navigation';
import { getDatabase } from '@/db/client';
import { env } from '@/lib/env';
import { getProcessor } from '@/lib/payments/get-processor';
import { createTaskBodySchema, taskUpdateSchema } from '@/lib/schemas/task-actions';
import type { Funder } from '@/lib/services/money/funding-outcome';
import { isCardRefusal } from '@/lib/services/money/is-card-refusal';
import { createTask } from '@/lib/services/tasks/create-task';
import { publishTask } from '@/lib/services/tasks/publish-task';
import { updateTask } from '@/lib/services/tasks/update-task';
import { requireBrowserActor } from '@/lib/web/require-browser-actor';
import { refusalErrors, type TaskFormErrors, type TaskFormValues, taskFormBody } from './task-form-body';

// The "New task" and "Edit draft" forms: the same services, and rules, as POST /v1/tasks, PATCH /v1/tasks/{id}
// and POST /v1/tasks/{id}/publish. Paying uses the card on file (the session's funding path: no x402 offer).

/** What a submit came to when it stays on the form: errors by field, or the card that could not pay. */
export type TaskFormResult = { errors?: TaskFormErrors; needsCard?: string };

export type TaskFormIntent = 'draft' | 'post';

type Actor = Awaited<ReturnType<typeof requireBrowserActor>>;

function funderOf(db: Parameters<typeof getProcessor>[0], user: Actor, resource: string): Funder {
  return { processor: getProcessor(db), user, viaApiKey: false, x402: { resource, payment: null } };
}

/** A refused submit as the form shows it: a card that could not pay, the API's issues, or its message. */
function failure(error: unknown): TaskFormResult {
  if (isCardRefusal(error)) {
    const declined = error.code === 'PAYMENT_FAILED';
    return { needsCard: declined ? `Your card was not charged: ${error.message}.` : error.message };
  }
  const errors = refusalErrors(error);
  if (errors) return { errors };
  throw error;
}

/** "Save as draft" or "Pay and post" on /dashboard/tasks/new; the task's page once it is saved. */
export async function createTaskFromForm(values: TaskFormValues, intent: TaskFormIntent): Promise<TaskFormResult> {
  const user = await requireBrowserActor('/dashboard/tasks/new');
  const parsed = createTaskBodySchema.safeParse({ ...taskFormBody(values), draft: intent === 'draft' });
  if (!parsed.success) return failure(parsed.error);
  const { db } = await getDatabase();
  let taskId: string;
  try {
    const outcome = await createTask(db, {
      ...funderOf(db, user, `${env().SITE_URL}/v1/tasks`),
      body: parsed.data,
    });
    if (outcome.kind === 'paymentRequired') return { needsCard: outcome.refusal.message };
    taskId = outcome.task.id;
  } catch (error) {
    return failure(error);
  }
  redirect(`/dashboard/tasks/${taskId}`);
}

/**
 * "Save draft" or "Pay and post" on /dashboard/tasks/[id]/edit: the changes are saved first (PATCH), then the
 * draft is published when asked; a card that cannot pay leaves the saved draft, to post once a card is on file.
 */
export async function updateDraftFromForm(
  taskId: string,
  values: TaskFormValues,
  intent: TaskFormIntent,
): Promise<TaskFormResult> {
  const user = await requireBrowserActor(`/dashboard/tasks/${taskId}/edit`);
  const parsed = taskUpdateSchema.safeParse(taskFormBody(values, { edit: true }));
  if (!parsed.success) return failure(parsed.error);
  const { db } = await getDatabase();
  try {
    await updateTask(db, { user, taskId, patch: parsed.data });
    if (intent === 'post') {
      const funder = funderOf(db, user, `${env().SITE_URL}/v1/tasks/${taskId}/publish`);
      const outcome = await publishTask(db, { ...funder, taskId });
      if (outcome.kind === 'paymentRequired') return { needsCard: outcome.refusal.message };
    }
  } catch (error) {
    return failure(error);
  }
  redirect(`/dashboard/tasks/${taskId}`);
}
