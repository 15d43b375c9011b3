import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { healthOperation } from '@/lib/schemas/health';

// GET /v1/health — liveness; touches nothing else
export const GET = route(healthOperation, async () => ({ status: 'ok' as const }));

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
