import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { getCurrentUserOperation } from '@/lib/schemas/users';
import { getCurrentUser } from '@/lib/services/users/get-current-user';

// GET /v1/users/me — the caller (session or API key)
export const GET = route(getCurrentUserOperation, async ({ actor }) => getCurrentUser(actor));

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
