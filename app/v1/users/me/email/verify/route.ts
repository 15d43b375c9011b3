import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { sessionOf } from '@/lib/auth/actor';
import { verifyEmailOperation } from '@/lib/schemas/email-verification';
import { verifyEmail } from '@/lib/services/users/verify-email';

// POST /v1/users/me/email/verify — use up a verification link sent to the caller
export const POST = route(verifyEmailOperation, ({ db, actor, body }) => {
  const { user, sessionId } = sessionOf(actor);
  return verifyEmail(db, body.token, { userId: user.id, sessionId });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
