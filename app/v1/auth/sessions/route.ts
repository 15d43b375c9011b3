import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { bearerTokenOf } from '@/lib/api/steps/resolve-actor';
import { createSessionOperation } from '@/lib/schemas/users';
import { signIn } from '@/lib/services/users/sign-in';

// POST /v1/auth/sessions — sign in with email and password (a held session token gets past the per-email ceiling)
export const POST = route(createSessionOperation, ({ database, body, context, request }) =>
  signIn(database, body, {
    ip: context.ip,
    userAgent: request.headers.get('user-agent'),
    heldSession: { token: bearerTokenOf(request) },
  }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
