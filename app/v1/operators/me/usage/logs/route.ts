import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { listUsageLogsOperation, USAGE_LOG_DEFAULT_DAYS, usageRange } from '@/lib/schemas/usage';
import { listUsageLogs } from '@/lib/services/usage/list-usage-logs';
import { usageViewerOf } from '@/lib/services/usage/usage-scope';

// GET /v1/operators/me/usage/logs — requests made with the operator's and its agents' keys (a key: its own)
export const GET = route(listUsageLogsOperation, ({ db, actor, query }) =>
  listUsageLogs(db, usageViewerOf(actor), { ...query, ...usageRange(query, USAGE_LOG_DEFAULT_DAYS) }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
