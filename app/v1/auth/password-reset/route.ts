import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { requestPasswordResetOperation } from '@/lib/schemas/password-reset';
import { requestPasswordReset } from '@/lib/services/users/request-password-reset';

// POST /v1/auth/password-reset — email a reset link (always 202)
export const POST = route(requestPasswordResetOperation, ({ database, body }) =>
  requestPasswordReset(database, body.email),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
