import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { updateCurrentUserOperation } from '@/lib/schemas/account-settings';
import { getCurrentUserOperation } from '@/lib/schemas/users';
import { getCurrentUser } from '@/lib/services/users/get-current-user';
import { updateCurrentUser } from '@/lib/services/users/update-current-user';

// GET /v1/users/me — the caller (session or API key)
export const GET = route(getCurrentUserOperation, ({ db, actor }) => getCurrentUser(db, actor));

// PATCH /v1/users/me — change the signed-in human's name or phone number (texted a code)
export const PATCH = route(updateCurrentUserOperation, ({ database, actor, body }) =>
  updateCurrentUser(database, userOf(actor).id, body),
);

export const { POST, PUT, DELETE } = otherMethods({ GET, PATCH });
