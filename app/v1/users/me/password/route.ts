import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { sessionOf } from '@/lib/auth/actor';
import { changePasswordOperation } from '@/lib/schemas/account-settings';
import { changePassword } from '@/lib/services/users/change-password';

// PUT /v1/users/me/password — change the password and sign out the other sessions
export const PUT = route(changePasswordOperation, ({ db, actor, body }) => {
  const { user, sessionId } = sessionOf(actor);
  return changePassword(db, { userId: user.id, sessionId, ...body });
});

export const { GET, POST, PATCH, DELETE } = otherMethods({ PUT });
