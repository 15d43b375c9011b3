import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { getOperatorOperation } from '@/lib/schemas/api-keys';
import { getOperator } from '@/lib/services/operators/get-operator';

// GET /v1/operators/me — the operator profile (for an agent key: its owner's)
export const GET = route(getOperatorOperation, ({ database, actor }) => getOperator(database, userOf(actor)));

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
