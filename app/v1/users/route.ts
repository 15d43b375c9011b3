import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { createUserOperation } from '@/lib/schemas/users';
import { createUser } from '@/lib/services/users/create-user';

// POST /v1/users — sign up and receive a session
export const POST = route(createUserOperation, ({ db, body, context, request }) =>
  createUser(db, body, { ip: context.ip, userAgent: request.headers.get('user-agent') }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
