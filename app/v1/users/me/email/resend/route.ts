import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { resendVerificationEmailOperation } from '@/lib/schemas/email-verification';
import { resendVerificationEmail } from '@/lib/services/users/resend-verification-email';

// POST /v1/users/me/email/resend — email the caller a new verification link
export const POST = route(resendVerificationEmailOperation, ({ database, actor }) =>
  resendVerificationEmail(database, userOf(actor)),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
