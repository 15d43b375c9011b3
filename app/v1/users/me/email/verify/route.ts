import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { verifyEmailOperation } from '@/lib/schemas/email-verification';
import { verifyEmail } from '@/lib/services/users/verify-email';

// POST /v1/users/me/email/verify — use up a verification link sent to the caller
export const POST = route(verifyEmailOperation, ({ db, actor, body }) =>
  verifyEmail(db, body.token, { userId: userOf(actor).id }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
