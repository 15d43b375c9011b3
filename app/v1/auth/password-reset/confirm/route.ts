import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { confirmPasswordResetOperation } from '@/lib/schemas/password-reset';
import { confirmPasswordReset } from '@/lib/services/users/confirm-password-reset';

// POST /v1/auth/password-reset/confirm — set a new password from a reset link; signs every session out
export const POST = route(confirmPasswordResetOperation, ({ db, body }) => confirmPasswordReset(db, body));

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
