import { otherMethods } from '@/lib/api/other-methods';
import { laterReply, reply } from '@/lib/api/outcome';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { awaitMessagesOperation } from '@/lib/schemas/messages';
import { startAwaitMessages } from '@/lib/services/messages/start-await-messages';

// A long poll may last a minute; the platform must not cut it short (seconds).
export const maxDuration = 70;

// GET /v1/tasks/{id}/messages/await — long-poll for the other side's next messages
export const GET = route(awaitMessagesOperation, async ({ database, actor, params, query, request }) => {
  const start = await startAwaitMessages(database, {
    ...query,
    userId: userOf(actor).id,
    taskId: params.id,
    signal: request.signal,
  });
  return 'messages' in start ? reply(200, start.messages) : laterReply(start.waiting);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
