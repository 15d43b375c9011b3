import { getDatabase } from '@/db/client';
import { otherMethods } from '@/lib/api/other-methods';
import { reply } from '@/lib/api/outcome';
import { route } from '@/lib/api/route';
import { isDraining } from '@/lib/http/draining';
import { deepHealthOperation } from '@/lib/schemas/health';
import { checkDeepHealth } from '@/lib/services/health/check-deep-health';

// GET /v1/health/deep — readiness of the database and the payment processor; not ready while shutting down
export const GET = route(deepHealthOperation, async () => {
  const health = await checkDeepHealth(getDatabase);
  if (isDraining()) return reply(503, { ...health, status: 'unavailable' as const });
  return reply(health.status === 'ok' ? 200 : 503, health);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
