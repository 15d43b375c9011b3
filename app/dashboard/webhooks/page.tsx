import type { Metadata } from 'next';
import { resendVerificationAction } from '@/app/(site)/account-actions';
import { LocalTime } from '@/components/local-time';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { DoneNotice } from '@/components/ui/done-notice';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Row, Table } from '@/components/ui/table';
import { VerifyEmailFirst } from '@/components/verify-email-first';
import { getDatabase } from '@/db/client';
import { listDeliveryPayloads } from '@/lib/services/webhooks/list-delivery-payloads';
import { listWebhookDeliveries } from '@/lib/services/webhooks/list-webhook-deliveries';
import { listWebhookEndpoints } from '@/lib/services/webhooks/list-webhook-endpoints';
import { requireBrowserUser } from '@/lib/web/require-browser-user';
import { WEBHOOK_EVENT_TYPES } from '@/lib/webhooks/event-catalogue';
import { deleteWebhookAction, retryDeliveryAction, sendTestAction, setWebhookEnabledAction } from './actions';
import { CreateWebhookForm } from './create-webhook-form';
import { EditEventsForm, RotateSecretForm } from './endpoint-tools';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Webhooks' };

const RECENT_DELIVERIES = 10;

export default async function WebhooksPage({ searchParams }: { searchParams: Promise<{ done?: string }> }) {
  const { done } = await searchParams;
  const current = await requireBrowserUser('/dashboard/webhooks');
  const { db } = await getDatabase();
  const { data: endpoints } = await listWebhookEndpoints(db, current.user.id, { limit: 100 });
  const logs = await Promise.all(
    endpoints.map((endpoint) =>
      listWebhookDeliveries(db, {
        ownerId: current.user.id,
        endpointId: endpoint.id,
        page: { limit: RECENT_DELIVERIES },
      }).then(async (page) => ({
        deliveries: page.data,
        payloads: await listDeliveryPayloads(db, {
          ownerId: current.user.id,
          endpointId: endpoint.id,
          deliveryIds: page.data.map((delivery) => delivery.id),
        }),
      })),
    ),
  );
  return (
    <div className="space-y-6">
      <PageHeader
        title="Webhooks"
        description={
          <>
            Signed POSTs (Standard Webhooks: <code>webhook-id</code>, <code>webhook-timestamp</code>,{' '}
            <code>webhook-signature</code>) for your tasks, messages and payments. Failed deliveries are retried for
            about a day; a 410 answer, or 3 days without a successful delivery, disables the endpoint until you enable
            it again.
          </>
        }
      />
      <DoneNotice done={done} messages={{ deleted: 'The endpoint is deleted: no more events are sent to it.' }} />
      <Card title="New endpoint">
        {current.user.emailVerified ? (
          <CreateWebhookForm eventTypes={WEBHOOK_EVENT_TYPES} />
        ) : (
          <VerifyEmailFirst what="webhook endpoints" email={current.user.email} resend={resendVerificationAction} />
        )}
      </Card>
      {endpoints.length === 0 ? (
        <EmptyState>No endpoints yet.</EmptyState>
      ) : (
        endpoints.map((endpoint, index) => (
          <Card key={endpoint.id} testId="webhook-endpoint">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="break-all font-mono text-sm">{endpoint.url}</p>
                <p className="text-xs text-stone-500">
                  {endpoint.description ? `${endpoint.description} · ` : ''}
                  {endpoint.events.length === 0 ? 'all events' : endpoint.events.join(', ')} ·{' '}
                  {endpoint.livemode ? 'live' : 'test'} mode ·{' '}
                  {endpoint.isActive ? 'active' : `disabled: ${endpoint.disabledReason ?? 'by its owner'}`}
                </p>
              </div>
              <div className="flex gap-3 text-sm">
                {endpoint.isActive && (
                  <form action={sendTestAction.bind(null, endpoint.id)}>
                    <Button type="submit" variant="secondary" compact>
                      Send test
                    </Button>
                  </form>
                )}
                <form action={setWebhookEnabledAction.bind(null, endpoint.id, !endpoint.isActive)}>
                  <Button type="submit" variant="secondary" compact>
                    {endpoint.isActive ? 'Disable' : 'Enable'}
                  </Button>
                </form>
                <ConfirmAction
                  action={deleteWebhookAction.bind(null, endpoint.id)}
                  label="Delete"
                  variant="danger-link"
                  confirmLabel="Yes, delete"
                  compact
                  testId="delete-webhook"
                >
                  Delete the endpoint {endpoint.url}? No more events are sent to it; this cannot be undone.
                </ConfirmAction>
              </div>
            </div>
            <div className="flex flex-wrap items-start gap-4">
              <EditEventsForm endpointId={endpoint.id} events={endpoint.events} eventTypes={WEBHOOK_EVENT_TYPES} />
              <RotateSecretForm endpointId={endpoint.id} />
            </div>
            <DeliveryLog
              endpointId={endpoint.id}
              active={endpoint.isActive}
              deliveries={logs[index]?.deliveries ?? []}
              payloads={logs[index]?.payloads ?? new Map()}
            />
          </Card>
        ))
      )}
    </div>
  );
}

type Delivery = Awaited<ReturnType<typeof listWebhookDeliveries>>['data'][number];

function DeliveryLog({
  endpointId,
  active,
  deliveries,
  payloads,
}: {
  endpointId: string;
  active: boolean;
  deliveries: Delivery[];
  payloads: Map<string, string>;
}) {
  if (deliveries.length === 0) return <EmptyState>No deliveries yet.</EmptyState>;
  return (
    <Table testId="delivery-log" columns={['Event', 'Status', 'HTTP', 'Attempts', 'Last attempt', '']}>
      {deliveries.map((delivery) => {
        const last = delivery.attemptLog.at(-1);
        return (
          <Row key={delivery.id} top>
            <td className="font-mono text-xs">
              {delivery.eventType}
              {payloads.has(delivery.id) && (
                <details data-testid="delivery-payload">
                  <summary className="cursor-pointer font-sans text-stone-600">Payload</summary>
                  <pre className="mt-1 max-w-[80vw] overflow-x-auto rounded bg-stone-100 p-2 sm:max-w-md">
                    {payloads.get(delivery.id)}
                  </pre>
                </details>
              )}
            </td>
            <td data-testid="delivery-status">{delivery.status}</td>
            <td data-testid="delivery-code">{delivery.lastStatusCode ?? '—'}</td>
            <td>{delivery.attempts}</td>
            <td>
              <LocalTime value={delivery.lastAttemptAt} />
              {last?.error && <span className="block text-xs text-red-700">{last.error}</span>}
              {last?.outcome === 'unknown' && (
                <span className="block text-xs text-stone-500" data-testid="delivery-outcome-unknown">
                  Sent; outcome not recorded
                </span>
              )}
              {last?.durationMs != null && <span className="block text-xs text-stone-500">{last.durationMs} ms</span>}
            </td>
            <td className="text-right">
              {active && delivery.status !== 'pending' && (
                <form action={retryDeliveryAction.bind(null, endpointId, delivery.id)}>
                  <Button type="submit" variant="link">
                    Retry
                  </Button>
                </form>
              )}
            </td>
          </Row>
        );
      })}
    </Table>
  );
}
