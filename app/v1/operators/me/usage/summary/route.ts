import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { getUsageSummaryOperation, USAGE_SUMMARY_DEFAULT_DAYS, usageRange } from '@/lib/schemas/usage';
import { summarizeUsage } from '@/lib/services/usage/summarize-usage';
import { usageViewerOf } from '@/lib/services/usage/usage-scope';

// GET /v1/operators/me/usage/summary — requests, errors and latency percentiles, grouped
export const GET = route(getUsageSummaryOperation, ({ db, actor, query }) =>
  summarizeUsage(db, usageViewerOf(actor), { ...query, ...usageRange(query, USAGE_SUMMARY_DEFAULT_DAYS) }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
