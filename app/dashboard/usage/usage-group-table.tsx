import Link from 'next/link';
import { EmptyState } from '@/components/ui/empty-state';
import { Row, Table } from '@/components/ui/table';

type Group = { group: string; requests: number; errors: number; p50LatencyMs: number; p95LatencyMs: number };

/**
 * The summary grouped by agent or key: each row links to the agent, or to the keys page; `names` has the live agents'
 * and the operator's own keys' names (a deleted agent or an agent's key shows its id).
 */
export function UsageGroupTable({
  rows,
  names,
  testId,
  kind,
}: {
  rows: Group[];
  names: Map<string, string>;
  testId: string;
  kind: 'agent' | 'key';
}) {
  if (rows.length === 0) return <EmptyState testId={testId}>No requests in this period.</EmptyState>;
  const right = (label: string) => ({ label, align: 'right' as const });
  return (
    <Table
      testId={testId}
      columns={[kind === 'agent' ? 'Agent' : 'Key', right('Requests'), right('Errors'), right('p50'), right('p95')]}
    >
      {rows.map((row) => (
        <Row key={row.group}>
          <td className="break-all font-mono text-xs">
            {kind === 'agent' && row.group === 'operator' ? (
              <Link href="/dashboard/keys" className="underline">
                Your own keys
              </Link>
            ) : (
              <Link
                href={kind === 'agent' ? `/dashboard/agents/${row.group}` : '/dashboard/keys'}
                className="underline"
              >
                {names.get(row.group) ?? row.group}
              </Link>
            )}
          </td>
          <td className="text-right">{row.requests}</td>
          <td className="text-right">{row.errors}</td>
          <td className="text-right">{row.p50LatencyMs} ms</td>
          <td className="text-right">{row.p95LatencyMs} ms</td>
        </Row>
      ))}
    </Table>
  );
}
