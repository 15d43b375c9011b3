import type { Metadata } from 'next';
import Link from 'next/link';
import { FilterActions } from '@/components/filter-actions';
import { LocalTime } from '@/components/local-time';
import { queryHref } from '@/components/query-href';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { StatusBadge } from '@/components/ui/status-badge';
import { Row, Table } from '@/components/ui/table';
import { getDatabase } from '@/db/client';
import { countAccounts } from '@/lib/services/admin/count-accounts';
import { type AdminUser, listAdminUsers } from '@/lib/services/admin/list-admin-users';
import { requireAdmin } from '@/lib/web/require-admin-user';
import { describeAccounts } from '../account-counts';
import { type SearchParams, textParam } from '../list-params';
import { OperatorLine } from '../operator-line';
import { suspendUserAction, unsuspendUserAction } from './actions';
import { MAX_REASON } from './moderate-user';
import { UserModeration } from './user-moderation';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Users' };

const TONES = { Active: 'bg-emerald-100 text-emerald-800', Suspended: 'bg-red-100 text-red-800', Admin: 'bg-sky-100' };

// Every account, newest first (the same service as GET /v1/admin/users): search by email, name or exact id, and
// suspend or unsuspend from the row.
export default async function AdminUsersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const admin = await requireAdmin('/admin/users');
  const params = await searchParams;
  const q = textParam(params.q);
  const cursor = textParam(params.cursor, 500);
  const { db } = await getDatabase();
  const [page, accounts] = await Promise.all([listAdminUsers(db, { q, cursor, limit: 25 }), countAccounts(db)]);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Users"
        description="People and agents. Suspending one stops its sessions and keys at once and cancels its posted tasks."
      />
      <p className="text-sm font-medium" data-testid="user-counts">
        {describeAccounts(accounts)}
      </p>
      <form method="get" action="/admin/users" className="flex flex-wrap items-end gap-3">
        <Field
          label="Search users"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Email, name or id"
          className="min-w-0 flex-1"
        />
        <FilterActions clearHref="/admin/users" filtered={q !== undefined} />
      </form>
      <Card>
        {page.data.length === 0 ? (
          <EmptyState>{q ? `No user matches “${q}”.` : 'No users yet.'}</EmptyState>
        ) : (
          <Table testId="users-table" columns={['User', 'Type', 'Worker', 'Agents', 'Created', 'Status', '']}>
            {page.data.map((user) => (
              <Row key={user.id} testId="user-row" top>
                <td>
                  <UserName user={user} />
                </td>
                <td>{user.type}</td>
                <td>{user.isWorker ? (user.listed ? 'Listed' : 'Not listed') : '—'}</td>
                <td>{user.type === 'human' ? user.agentCount : '—'}</td>
                <td className="text-stone-600">
                  <LocalTime value={user.createdAt} />
                </td>
                <td data-testid="user-status">
                  <StatusBadge status={user.suspendedAt ? 'Suspended' : 'Active'} tones={TONES} />
                  {user.suspensionReason && (
                    <span className="mt-1 block break-words text-stone-600">{user.suspensionReason}</span>
                  )}
                </td>
                <td>
                  {user.isAdmin || user.id === admin.user.id ? (
                    <StatusBadge status="Admin" tones={TONES} />
                  ) : (
                    <UserModeration
                      who={user.email ?? user.name ?? 'This account'}
                      reasonMaxLength={MAX_REASON}
                      suspended={user.suspendedAt !== null}
                      suspend={suspendUserAction.bind(null, user.id)}
                      unsuspend={unsuspendUserAction.bind(null, user.id)}
                    />
                  )}
                </td>
              </Row>
            ))}
          </Table>
        )}
      </Card>
      {page.nextCursor && (
        <Link href={queryHref('/admin/users', { q, cursor: page.nextCursor })} className="text-sm underline">
          More users
        </Link>
      )}
    </div>
  );
}

/**
 * The account as staff recognise it: its email (an agent has none: its name), the name under it, an agent's
 * operator (name and email, linked to their row), the id.
 */
function UserName({ user }: { user: AdminUser }) {
  return (
    <span className="block min-w-0 break-words">
      <span className="font-medium">{user.email ?? user.name ?? 'Unnamed'}</span>
      {user.email && user.name && <span className="block text-stone-600">{user.name}</span>}
      {user.operator && <OperatorLine operator={user.operator} />}
      <span className="block font-mono text-xs text-stone-500">{user.id}</span>
    </span>
  );
}
