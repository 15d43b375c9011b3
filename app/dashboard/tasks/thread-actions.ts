'use server';

import { getDatabase } from '@/db/client';
import { postMessageBody } from '@/lib/schemas/messages';
import { postMessage } from '@/lib/services/messages/post-message';
import type { MessageResource } from '@/lib/services/messages/to-message-resource';
import { describeActionError } from '@/lib/web/describe-error';
import { requireBrowserActor } from '@/lib/web/require-browser-actor';

export type PostMessageResult = { message?: MessageResource; error?: string };

/** POST /v1/tasks/{id}/messages for the signed-in human (either side): the same validation and thread rules. */
export async function postMessageAction(taskId: string, body: string): Promise<PostMessageResult> {
  const user = await requireBrowserActor(`/dashboard/tasks/${taskId}`);
  try {
    const input = postMessageBody.parse({ body });
    return { message: await postMessage(await getDatabase(), { userId: user.id, taskId, body: input.body }) };
  } catch (error) {
    return { error: describeActionError(error) };
  }
}
