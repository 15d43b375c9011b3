import type { Metadata } from 'next';
import { getDatabase } from '@/db/client';
import { requireBrowserUser } from '@/lib/api/require-browser-user';
import { listWebhookDeliveries } from '@/lib/services/webhooks/list-webhook-deliveries';
import { listWebhookEndpoints } from '@/lib/services/webhooks/list-webhook-endpoints';
import { WEBHOOK_EVENT_TYPES } from '@/lib/webhooks/event-catalogue';
import { deleteWebhookAction, retryDeliveryAction, sendTestAction, setWebhookEnabledAction } from './actions';
import { CreateWebhookForm } from './create-webhook-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Webhooks' };

const RECENT_DELIVERIES = 10;
const when = (value: string | null) => (value ? new Date(value).toUTCString() : '—');

export default async function WebhooksPage() {
  const current = await requireBrowserUser('/dashboard/webhooks');
  const { db } = await getDatabase();
  const { data: endpoints } = await listWebhookEndpoints(db, current.user.id, { limit: 100 });
  const logs = await Promise.all(
    endpoints.map((endpoint) =>
      listWebhookDeliveries(db, current.user.id, endpoint.id, { limit: RECENT_DELIVERIES }).then((page) => page.data),
    ),
  );
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Webhooks</h1>
        <p className="text-sm text-stone-600">
          Signed POSTs (Standard Webhooks: <code>webhook-id</code>, <code>webhook-timestamp</code>,{' '}
          <code>webhook-signature</code>) for your tasks, messages and payments. Failed deliveries are retried for about
          a day; a 410 answer, or 3 days without a successful delivery, disables the endpoint until you enable it again.
        </p>
      </div>
      <section className="rounded-lg border border-stone-200 bg-white p-5">
        <h2 className="mb-3 font-medium">New endpoint</h2>
        <CreateWebhookForm eventTypes={WEBHOOK_EVENT_TYPES} />
      </section>
      {endpoints.length === 0 ? (
        <p className="text-sm text-stone-600">No endpoints yet.</p>
      ) : (
        endpoints.map((endpoint, index) => (
          <section
            key={endpoint.id}
            data-testid="webhook-endpoint"
            className="space-y-3 rounded-lg border border-stone-200 bg-white p-5"
          >
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
                    <button type="submit" className="rounded-md border border-stone-300 px-3 py-1 hover:bg-stone-100">
                      Send test
                    </button>
                  </form>
                )}
                <form action={setWebhookEnabledAction.bind(null, endpoint.id, !endpoint.isActive)}>
                  <button type="submit" className="rounded-md border border-stone-300 px-3 py-1 hover:bg-stone-100">
                    {endpoint.isActive ? 'Disable' : 'Enable'}
                  </button>
                </form>
                <form action={deleteWebhookAction.bind(null, endpoint.id)}>
                  <button type="submit" className="px-1 py-1 text-red-700 underline">
                    Delete
                  </button>
                </form>
              </div>
            </div>
            <DeliveryLog endpointId={endpoint.id} active={endpoint.isActive} deliveries={logs[index] ?? []} />
          </section>
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
}: {
  endpointId: string;
  active: boolean;
  deliveries: Delivery[];
}) {
  if (deliveries.length === 0) return <p className="text-sm text-stone-600">No deliveries yet.</p>;
  return (
    <table className="w-full text-left text-sm" data-testid="delivery-log">
      <thead className="text-stone-500">
        <tr>
          <th className="py-1">Event</th>
          <th>Status</th>
          <th>HTTP</th>
          <th>Attempts</th>
          <th>Last attempt</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {deliveries.map((delivery) => {
          const last = delivery.attemptLog.at(-1);
          return (
            <tr key={delivery.id} className="border-t border-stone-100 align-top">
              <td className="py-2 font-mono text-xs">{delivery.eventType}</td>
              <td data-testid="delivery-status">{delivery.status}</td>
              <td data-testid="delivery-code">{delivery.lastStatusCode ?? '—'}</td>
              <td>{delivery.attempts}</td>
              <td>
                {when(delivery.lastAttemptAt)}
                {last?.error && <span className="block text-xs text-red-700">{last.error}</span>}
                {last && <span className="block text-xs text-stone-500">{last.durationMs} ms</span>}
              </td>
              <td className="text-right">
                {active && delivery.status !== 'pending' && (
                  <form action={retryDeliveryAction.bind(null, endpointId, delivery.id)}>
                    <button type="submit" className="text-stone-700 underline">
                      Retry
                    </button>
                  </form>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
