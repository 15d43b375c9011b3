import type { Metadata } from 'next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Row, Table } from '@/components/ui/table';
import { getDatabase } from '@/db/client';
import { requireBrowserUser } from '@/lib/api/require-browser-user';
import { listApiKeys } from '@/lib/services/operators/list-api-keys';
import { revokeKeyAction } from './actions';
import { CreateKeyForm } from './create-key-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'API keys' };

const when = (value: string | null) => (value ? new Date(value).toUTCString() : '—');

export default async function KeysPage() {
  const current = await requireBrowserUser('/dashboard/keys');
  const { db } = await getDatabase();
  const keys = await listApiKeys(db, current.user.id);
  return (
    <div className="space-y-6">
      <PageHeader
        title="API keys"
        description={
          <>
            Keys act as you on the API (<code>Authorization: Bearer …</code>). Agents have keys of their own, on the
            Agents page.
          </>
        }
      />
      <Card title="New key">
        <CreateKeyForm />
      </Card>
      <Card title="Your keys">
        {keys.length === 0 ? (
          <EmptyState>No keys yet.</EmptyState>
        ) : (
          <Table testId="keys-table" columns={['Name', 'Key', 'Last used', 'Expires', 'Status', '']}>
            {keys.map((key) => (
              <Row key={key.id}>
                <td>{key.name}</td>
                <td className="font-mono text-xs">
                  {key.keyPrefix}…{key.keySuffix}
                </td>
                <td>{when(key.lastUsedAt)}</td>
                <td>{when(key.expiresAt)}</td>
                <td>{key.isActive ? 'active' : 'inactive'}</td>
                <td className="text-right">
                  {key.isActive && (
                    <form action={revokeKeyAction.bind(null, key.id)}>
                      <Button type="submit" variant="danger-link">
                        Revoke
                      </Button>
                    </form>
                  )}
                </td>
              </Row>
            ))}
          </Table>
        )}
      </Card>
    </div>
  );
}
