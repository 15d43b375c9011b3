import { describe, expect, it } from 'vitest';
import { POST as sendTest } from '@/app/v1/webhooks/[id]/test/route';
import { getDatabase } from '@/db/client';
import { call } from '@/test/http';
import { expectApiError } from '@/test/payments';
import { receiverForFile, registerWebhook, webhookOwner } from '@/test/webhooks';
import { listDeliveryPayloads } from './list-delivery-payloads';

const file = receiverForFile();

describe('listDeliveryPayloads', () => {
  it('answers the body each delivery sends, for its owner only', async () => {
    const owner = await webhookOwner();
    const { id } = (await registerWebhook(owner.token, { url: file.receiver.url })).json.data;
    const delivery = (await call(sendTest, `/v1/webhooks/${id}/test`, { token: owner.token, params: { id } })).json
      .data;
    const { db } = await getDatabase();

    const payloads = await listDeliveryPayloads(db, { ownerId: owner.id, endpointId: id, deliveryIds: [delivery.id] });
    expect(JSON.parse(payloads.get(delivery.id) ?? '{}')).toMatchObject({
      type: 'webhook.test',
      id: expect.any(String),
      timestamp: expect.any(String),
      data: expect.any(Object),
    });
    expect((await listDeliveryPayloads(db, { ownerId: owner.id, endpointId: id, deliveryIds: [] })).size).toBe(0);

    const stranger = await webhookOwner();
    await expectApiError(
      listDeliveryPayloads(db, { ownerId: stranger.id, endpointId: id, deliveryIds: [delivery.id] }),
      'NOT_FOUND',
    );
  });
});
