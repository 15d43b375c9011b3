import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { verifyPhoneOperation } from '@/lib/schemas/account-settings';
import { verifyPhone } from '@/lib/services/users/verify-phone';

// POST /v1/users/me/phone/verify — enter the code texted to the pending number
export const POST = route(verifyPhoneOperation, ({ db, actor, body }) =>
  verifyPhone(db, { userId: userOf(actor).id, code: body.code }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
