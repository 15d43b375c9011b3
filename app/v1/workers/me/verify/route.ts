import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { env } from '@/lib/env';
import { getProcessor } from '@/lib/payments/get-processor';
import { startIdVerificationOperation } from '@/lib/schemas/worker-verification';
import { startIdVerification } from '@/lib/services/workers/start-id-verification';

// POST /v1/workers/me/verify — a verification page with the processor's identity provider
export const POST = route(startIdVerificationOperation, ({ db, actor }) =>
  startIdVerification(db, {
    processor: getProcessor(db, actor),
    userId: userOf(actor).id,
    returnUrl: `${env().SITE_URL}/worker/onboarding?step=identity`,
  }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
