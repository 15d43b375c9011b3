import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { simulateSandboxOperation } from '@/lib/schemas/sandbox';
import { simulateWorker } from '@/lib/services/sandbox/simulate-worker';

// POST /v1/sandbox/tasks/{id}/simulate — the sandbox worker accepts, messages, submits or withdraws (test mode)
export const POST = route(simulateSandboxOperation, ({ database, actor, params, body }) =>
  simulateWorker(database, { caller: userOf(actor), taskId: params.id, input: body }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
