import { firstParam } from '@/components/query-href';
import { listUsageLogsOperation, statusClasses } from '@/lib/schemas/usage';

export type UsageSearchParams = Record<string, string | string[] | undefined>;

/**
 * The page's GET form as the logs operation's query: dates (`YYYY-MM-DD`, UTC) become the start of `from`'s day and
 * the end of `to`'s. What the operation refuses (from after to, over 31 days) comes back as `error`, with no filter.
 */
export function usageFilters(params: UsageSearchParams) {
  const form = {
    status: firstParam(params.status) ?? '',
    route: firstParam(params.route)?.trim() ?? '',
    from: firstParam(params.from) ?? '',
    to: firstParam(params.to) ?? '',
    cursor: firstParam(params.cursor) ?? '',
  };
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const parsed = listUsageLogsOperation.query.safeParse({
    status: (statusClasses as readonly string[]).includes(form.status) ? form.status : undefined,
    route: form.route || undefined,
    from: day.test(form.from) ? `${form.from}T00:00:00Z` : undefined,
    to: day.test(form.to) ? `${form.to}T23:59:59.999Z` : undefined,
    cursor: form.cursor || undefined,
    limit: 50,
  });
  if (parsed.success) return { form, query: parsed.data, error: undefined };
  const issue = parsed.error.issues[0];
  const error = `${issue?.path.join('.') === 'cursor' ? 'Page' : 'From'}: ${issue?.message ?? 'invalid'}`;
  return { form, query: listUsageLogsOperation.query.parse({ limit: 50 }), error };
}
