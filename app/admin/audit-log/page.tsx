import type { Metadata } from 'next';
import Link from 'next/link';
import { FilterActions } from '@/components/filter-actions';
import { LocalTime } from '@/components/local-time';
import { queryHref } from '@/components/query-href';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Row, Table } from '@/components/ui/table';
import { getDatabase } from '@/db/client';
import { listAuditLog } from '@/lib/services/admin/list-audit-log';
import { requireAdmin } from '@/lib/web/require-admin-user';
import { type SearchParams, textParam } from '../list-params';
import { OperatorLine } from '../operator-line';
import { changeLines, resolutionSummary, targetHref } from './audit-summary';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Audit log' };

// Every admin action, newest first (the same service as GET /v1/admin/audit-log): who did what to which target,
// what it changed, with which credential, from which address.
export default async function AuditLogPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireAdmin('/admin/audit-log');
  const params = await searchParams;
  const action = textParam(params.action, 100);
  const targetId = textParam(params.targetId, 200);
  const cursor = textParam(params.cursor, 500);
  const { db } = await getDatabase();
  const page = await listAuditLog(db, { action, targetId, cursor, limit: 50 });
  const filtered = action !== undefined || targetId !== undefined;
  return (
    <div className="space-y-6">
      <PageHeader title="Audit log" description="Every admin action, newest first. Rows are never changed." />
      <form method="get" action="/admin/audit-log" className="flex flex-wrap items-end gap-3">
        <Field
          label="Action"
          name="action"
          defaultValue={action}
          placeholder="e.g. user.suspend"
          className="min-w-0 flex-1"
        />
        <Field label="Target id" name="targetId" defaultValue={targetId} mono className="min-w-0 flex-1" />
        <FilterActions clearHref="/admin/audit-log" filtered={filtered} />
      </form>
      <Card>
        {page.data.length === 0 ? (
          <EmptyState>{filtered ? 'No admin action matches these filters.' : 'No admin actions yet.'}</EmptyState>
        ) : (
          <Table testId="audit-log" columns={['Time', 'Admin', 'Action', 'Target', 'Change', 'Credential', 'IP']}>
            {page.data.map((entry) => {
              const href = targetHref(entry.target);
              const resolution = resolutionSummary(entry.action, entry.after);
              // The sentence already says what the raw keys would.
              const lines = resolution ? [] : changeLines(entry.before, entry.after);
              return (
                <Row key={entry.id} testId="audit-row" top>
                  <td className="whitespace-nowrap text-stone-600">
                    <LocalTime value={entry.createdAt} exact />
                  </td>
                  <td className="break-all">
                    {entry.actor.email ?? entry.actor.id}
                    {entry.actor.operator && <OperatorLine operator={entry.actor.operator} />}
                  </td>
                  <td className="font-mono text-xs">{entry.action}</td>
                  <td className="min-w-0">
                    <span className="text-stone-600">{entry.target.type} </span>
                    {href ? (
                      <Link href={href} className="break-all font-mono text-xs underline">
                        {entry.target.id}
                      </Link>
                    ) : (
                      <span className="break-all font-mono text-xs">{entry.target.id}</span>
                    )}
                    {entry.target.operator && <OperatorLine operator={entry.target.operator} />}
                  </td>
                  <td className="min-w-0">
                    {resolution ? (
                      <p className="text-sm" data-testid="audit-resolution">
                        {resolution}
                      </p>
                    ) : lines.length === 0 ? (
                      '—'
                    ) : (
                      <ul className="space-y-0.5 text-xs" data-testid="audit-change">
                        {lines.map((line) => (
                          <li key={line.key} className="break-words">
                            <span className="text-stone-500">{line.key}:</span> {line.text}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className="text-xs text-stone-600" data-testid="audit-credential">
                    {entry.credential ? (
                      <>
                        {entry.credential.kind === 'session' ? 'session' : 'API key'}{' '}
                        <span className="break-all font-mono">{entry.credential.id}</span>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="font-mono text-xs text-stone-600">{entry.ip ?? '—'}</td>
                </Row>
              );
            })}
          </Table>
        )}
      </Card>
      {page.nextCursor && (
        <Link
          href={queryHref('/admin/audit-log', { action, targetId, cursor: page.nextCursor })}
          className="text-sm underline"
        >
          Older entries
        </Link>
      )}
    </div>
  );
}
