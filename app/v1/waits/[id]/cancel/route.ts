import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { cancelWaitOperation } from '@/lib/schemas/waits';
import { cancelWait } from '@/lib/services/waits/cancel-wait';
import { keyOwner } from '@/lib/services/waits/key-owner';

// POST /v1/waits/{id}/cancel — stop a working wait
export const POST = route(cancelWaitOperation, ({ database, actor, params }) =>
  cancelWait(database, { owner: keyOwner(actor), id: params.id }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
