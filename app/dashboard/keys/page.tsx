import type { Metadata } from 'next';
import { resendVerificationAction } from '@/app/(site)/account-actions';
import { LocalTime } from '@/components/local-time';
import { Card } from '@/components/ui/card';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { DoneNotice } from '@/components/ui/done-notice';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Row, Table } from '@/components/ui/table';
import { VerifyEmailFirst } from '@/components/verify-email-first';
import { getDatabase } from '@/db/client';
import { keyModeOf } from '@/lib/auth/api-key-format';
import { defaultKeyMode } from '@/lib/payments/get-processor';
import { listApiKeys } from '@/lib/services/operators/list-api-keys';
import { requireBrowserUser } from '@/lib/web/require-browser-user';
import { NewKeyForm } from '../new-key-form';
import { createKeyAction, revokeKeyAction } from './actions';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'API keys' };

export default async function KeysPage({ searchParams }: { searchParams: Promise<{ done?: string }> }) {
  const { done } = await searchParams;
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
      <DoneNotice done={done} messages={{ revoked: 'The key is revoked: calls with it are refused.' }} />
      <Card title="New key">
        {current.user.emailVerified ? (
          <NewKeyForm
            action={createKeyAction}
            noun="Key"
            placeholder="e.g. Production server"
            secretLabel="Your new API key"
          >
            <SelectField label="Mode" name="mode" defaultValue={defaultKeyMode()}>
              <option value="live">live</option>
              <option value="test">test</option>
            </SelectField>
          </NewKeyForm>
        ) : (
          <VerifyEmailFirst what="API keys" email={current.user.email} resend={resendVerificationAction} />
        )}
      </Card>
      <Card title="Your keys">
        {keys.length === 0 ? (
          <EmptyState>No keys yet.</EmptyState>
        ) : (
          <Table testId="keys-table" columns={['Name', 'Key', 'Mode', 'Last used', 'Expires', 'Status', '']}>
            {keys.map((key) => (
              <Row key={key.id}>
                <td>{key.name}</td>
                <td className="font-mono text-xs">
                  {key.keyPrefix}…{key.keySuffix}
                </td>
                <td data-testid="key-mode">{keyModeOf(key.keyPrefix)}</td>
                <td>
                  <LocalTime value={key.lastUsedAt} />
                </td>
                <td>
                  <LocalTime value={key.expiresAt} />
                </td>
                <td>{key.isActive ? 'active' : 'inactive'}</td>
                <td className="text-right">
                  {key.isActive && (
                    <ConfirmAction
                      action={revokeKeyAction.bind(null, key.id)}
                      label="Revoke"
                      variant="danger-link"
                      confirmLabel="Yes, revoke"
                      compact
                      testId="revoke-key"
                    >
                      Revoke “{key.name}”? Calls with it are refused at once; this cannot be undone.
                    </ConfirmAction>
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
