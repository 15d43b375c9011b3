import { createPrivateKey, randomUUID, sign } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

// The private half of the e2e server's TELNYX_PUBLIC_KEY (playwright.config.ts): a key made for these tests only.
const PRIVATE_KEY = createPrivateKey({
  key: Buffer.from('MC4CAQAwBQYDK2VwBCIEIJCkDIsBb+VJlbvCN7X/numgeVbylZGs4eZjub5LbMgX', 'base64'),
  format: 'der',
  type: 'pkcs8',
});

/** Delivers an inbound SMS to the service as Telnyx would: a `message.received` event, Ed25519-signed. */
export async function textTheService(request: APIRequestContext, from: string, text: string) {
  const body = JSON.stringify({
    data: {
      record_type: 'event',
      id: randomUUID(),
      event_type: 'message.received',
      occurred_at: new Date().toISOString(),
      payload: {
        record_type: 'message',
        direction: 'inbound',
        id: randomUUID(),
        type: 'SMS',
        from: { phone_number: from },
        to: [{ phone_number: '+15550000000' }],
        text,
      },
    },
    meta: { attempt: 1 },
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign(null, Buffer.from(`${timestamp}|${body}`), PRIVATE_KEY).toString('base64');
  return request.post('/v1/webhooks/sms/inbound-sms', {
    data: body,
    headers: {
      'content-type': 'application/json',
      'telnyx-timestamp': timestamp,
      'telnyx-signature-ed25519': signature,
    },
  });
}
