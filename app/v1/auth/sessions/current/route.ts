import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { ApiError } from '@/lib/errors/api-error';
import { deleteCurrentSessionOperation } from '@/lib/schemas/users';
import { revokeSession } from '@/lib/services/sessions/revoke-session';

// DELETE /v1/auth/sessions/current — sign out this session
export const DELETE = route(deleteCurrentSessionOperation, async ({ db, actor }) => {
  if (actor.kind !== 'session') throw new ApiError('FORBIDDEN');
  return revokeSession(db, { userId: actor.user.id, sessionId: actor.sessionId });
});

export const { GET, POST, PUT, PATCH } = otherMethods({ DELETE });
