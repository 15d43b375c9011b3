import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { createWaitOperation } from '@/lib/schemas/waits';
import { createWait } from '@/lib/services/waits/create-wait';
import { keyOwner } from '@/lib/services/waits/key-owner';

// POST /v1/waits — a durable wait for the worker's next message or a task status (MCP Tasks' store)
export const POST = route(createWaitOperation, ({ db, actor, body }) =>
  createWait(db, { ...keyOwner(actor, body.kind), body }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
