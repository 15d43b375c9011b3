'use server';

import { revalidatePath } from 'next/cache';
import { getDatabase } from '@/db/client';
import { describeActionError, describeFormError } from '@/lib/api/describe-error';
import { requireBrowserUser } from '@/lib/api/require-browser-user';
import { getProcessor } from '@/lib/payments/get-processor';
import { createWebhookOperation } from '@/lib/schemas/webhooks';
import { createWebhookEndpoint } from '@/lib/services/webhooks/create-webhook-endpoint';
import { deleteWebhookEndpoint } from '@/lib/services/webhooks/delete-webhook-endpoint';
import { retryWebhookDelivery } from '@/lib/services/webhooks/retry-webhook-delivery';
import { sendTestWebhook } from '@/lib/services/webhooks/send-test-webhook';
import { updateWebhookEndpoint } from '@/lib/services/webhooks/update-webhook-endpoint';

const PAGE = '/dashboard/webhooks';

export type CreateWebhookState = { error?: string; fieldErrors?: Record<string, string>; secret?: string };

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

export async function deleteWebhookAction(endpointId: string): Promise<void> {
  const current = await requireBrowserUser(PAGE);
  const { db } = await getDatabase();
  await deleteWebhookEndpoint(db, { ownerId: current.user.id, endpointId }).catch(describeActionError);
  revalidatePath(PAGE);
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
