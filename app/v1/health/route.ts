import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { ApiError } from '@/lib/errors/api-error';
import { isDraining } from '@/lib/http/draining';
import { healthOperation } from '@/lib/schemas/health';

// GET /v1/health — liveness; touches nothing else; 503 while shutting down, so a load balancer drains it
export const GET = route(healthOperation, async () => {
  if (isDraining()) throw new ApiError('SERVICE_UNAVAILABLE', SHUTTING_DOWN);
  return { status: 'ok' as const };
});

const SHUTTING_DOWN = {
  message: 'This instance is shutting down',
  hint: 'Send requests to another instance; this one is finishing the requests it has.',
};

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
