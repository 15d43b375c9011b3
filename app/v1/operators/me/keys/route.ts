import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { createApiKeyOperation, listApiKeysOperation } from '@/lib/schemas/api-keys';
import { createApiKey } from '@/lib/services/operators/create-api-key';
import { listApiKeys } from '@/lib/services/operators/list-api-keys';

// POST /v1/operators/me/keys — create an API key (shown once)
export const POST = route(createApiKeyOperation, ({ db, actor, body }) => createApiKey(db, userOf(actor).id, body));

// GET /v1/operators/me/keys — the operator's keys, without the keys themselves
export const GET = route(listApiKeysOperation, ({ db, actor }) => listApiKeys(db, userOf(actor).id));

export const { PUT, PATCH, DELETE } = otherMethods({ GET, POST });
