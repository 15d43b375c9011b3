'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import type { ConfirmState } from '@/components/ui/confirm-action';
import { getDatabase } from '@/db/client';
import { getProcessor } from '@/lib/payments/get-processor';
import { createWebhookOperation, updateWebhookOperation } from '@/lib/schemas/webhooks';
import { createWebhookEndpoint } from '@/lib/services/webhooks/create-webhook-endpoint';
import { deleteWebhookEndpoint } from '@/lib/services/webhooks/delete-webhook-endpoint';
import { retryWebhookDelivery } from '@/lib/services/webhooks/retry-webhook-delivery';
import { rotateWebhookSecret } from '@/lib/services/webhooks/rotate-webhook-secret';
import { sendTestWebhook } from '@/lib/services/webhooks/send-test-webhook';
import { updateWebhookEndpoint } from '@/lib/services/webhooks/update-webhook-endpoint';
import { describeActionError, describeFormError } from '@/lib/web/describe-error';
import { requireBrowserUser } from '@/lib/web/require-browser-user';

const PAGE = '/dashboard/webhooks';

export type CreateWebhookState = { error?: string; fieldErrors?: Record<string, string>; secret?: string };
export type ActionState = { error?: string; saved?: boolean };

/** The same validation and URL rules as POST /v1/webhooks; the endpoint belongs to the signed-in operator. */
export async function createWebhookAction(_state: CreateWebhookState, form: FormData): Promise<CreateWebhookState> {
  const current = await requireBrowserUser(PAGE);
  try {
    const description = String(form.get('description') ?? '').trim();
    const input = createWebhookOperation.body.parse({
      url: String(form.get('url') ?? '').trim(),
      events: form.getAll('events').map(String),
      ...(description ? { description } : {}),
    });
    const { db } = await getDatabase();
    const created = await createWebhookEndpoint(db, {
      ownerId: current.user.id,
      livemode: getProcessor(db).livemode,
      input,
    });
    revalidatePath(PAGE);
    return { secret: created.secret };
  } catch (error) {
    return describeFormError(error, {
      url: { field: 'url', label: 'URL' },
      description: { field: 'description', label: 'Description' },
    });
  }
}

export async function sendTestAction(endpointId: string): Promise<void> {
  const current = await requireBrowserUser(PAGE);
  const { db } = await getDatabase();
  await sendTestWebhook(db, { ownerId: current.user.id, endpointId }).catch(describeActionError);
  revalidatePath(PAGE);
}

export async function retryDeliveryAction(endpointId: string, deliveryId: string): Promise<void> {
  const current = await requireBrowserUser(PAGE);
  const { db } = await getDatabase();
  await retryWebhookDelivery(db, { ownerId: current.user.id, endpointId, deliveryId }).catch(describeActionError);
  revalidatePath(PAGE);
}

/** Deletes an endpoint (after the page's confirmation); a failure is the confirmation's error. */
export async function deleteWebhookAction(
  endpointId: string,
  _state: ConfirmState,
  _form: FormData,
): Promise<ConfirmState> {
  const current = await requireBrowserUser(PAGE);
  const { db } = await getDatabase();
  try {
    await deleteWebhookEndpoint(db, { ownerId: current.user.id, endpointId });
  } catch (error) {
    return { error: describeActionError(error) };
  }
  revalidatePath(PAGE);
  redirect(`${PAGE}?done=deleted`);
}

/** Disables the endpoint, or re-enables it (also after a 410 Gone), as PATCH /v1/webhooks/{id} {enabled} does. */
export async function setWebhookEnabledAction(endpointId: string, enabled: boolean): Promise<void> {
  const current = await requireBrowserUser(PAGE);
  const { db } = await getDatabase();
  await updateWebhookEndpoint(db, { ownerId: current.user.id, endpointId, input: { enabled } }).catch(
    describeActionError,
  );
  revalidatePath(PAGE);
}

/** Replaces the events an endpoint receives (none ticked = all), as PATCH /v1/webhooks/{id} {events} does. */
export async function updateWebhookEventsAction(
  endpointId: string,
  _state: ActionState,
  form: FormData,
): Promise<ActionState> {
  const current = await requireBrowserUser(PAGE);
  try {
    const input = updateWebhookOperation.body.parse({ events: form.getAll('events').map(String) });
    const { db } = await getDatabase();
    await updateWebhookEndpoint(db, { ownerId: current.user.id, endpointId, input });
    revalidatePath(PAGE);
    return { saved: true };
  } catch (error) {
    return { error: describeActionError(error) };
  }
}

export type RotateSecretState = ActionState & { secret?: string };

/** A new signing secret, shown once; the old one keeps signing for 24 hours (POST /v1/webhooks/{id}/rotate-secret). */
export async function rotateWebhookSecretAction(
  endpointId: string,
  _state: RotateSecretState,
): Promise<RotateSecretState> {
  const current = await requireBrowserUser(PAGE);
  try {
    const { db } = await getDatabase();
    const rotated = await rotateWebhookSecret(db, { ownerId: current.user.id, endpointId });
    return { secret: rotated.secret };
  } catch (error) {
    return { error: describeActionError(error) };
  }
}
