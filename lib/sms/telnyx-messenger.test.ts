import { describe, expect, it } from 'vitest';
import { providerStandIn, type SeenRequest as Seen } from '@/test/provider-stand-in';
import { createTelnyxMessenger } from './telnyx-messenger';

// A local stand-in for Telnyx's send-message endpoint (test/provider-stand-in.ts). What the tests assert is what
// the SDK SENDS; nothing reaches the network.
const API_KEY = 'KEY0123456789ABCDEF_test';
const FROM = '+15550001111';
const TO = '+15557654321';
const telnyxApi = providerStandIn((served) => ({
  data: { record_type: 'message', id: `msg_${served}`, direction: 'outbound', type: 'SMS' },
}));
const { requests, replies } = telnyxApi;
const baseUrl = () => `${telnyxApi.url}/v2`;

const messenger = () => createTelnyxMessenger({ apiKey: API_KEY, from: FROM, baseUrl: baseUrl() });
const message = { to: TO, body: 'Your task is posted: https://legwork.example/claim/abc', outboxId: 'row-1' };

describe('the Telnyx messenger', () => {
  it('POSTs {from, to, text} to /v2/messages with the key as Bearer, and returns the message id', async () => {
    const sending = messenger();
    expect(sending.name).toBe('telnyx');
    const { providerId } = await sending.send(message);

    expect(providerId).toBe(`msg_${telnyxApi.served}`);
    expect(requests).toHaveLength(1);
    const [request] = requests as [Seen];
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v2/messages');
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({ from: FROM, to: TO, text: message.body });
  });

  it('throws on a refusal, once (the dispatcher retries), with a message that never contains the key', async () => {
    // The stand-in even echoes the key back; the message must still not carry it.
    replies.push({
      status: 422,
      body: { errors: [{ code: '40310', title: 'Invalid to number', detail: `Not a mobile number (key ${API_KEY})` }] },
    });
    const sending = messenger().send(message);
    await expect(sending).rejects.toThrow(
      'Telnyx did not send the text: HTTP 422 Invalid to number: Not a mobile number (key [redacted])',
    );
    expect(requests).toHaveLength(1);
  });

  it('throws on a 5xx and a 429 without retrying them itself', async () => {
    replies.push({ status: 503, body: { errors: [{ title: 'Service unavailable' }] } });
    await expect(messenger().send(message)).rejects.toThrow(
      'Telnyx did not send the text: HTTP 503 Service unavailable',
    );
    replies.push({ status: 429, body: {} });
    await expect(messenger().send(message)).rejects.toThrow(/^Telnyx did not send the text: HTTP 429$/);
    expect(requests).toHaveLength(2);
  });

  it('throws when no answer comes in time, or when the answer has no message id', async () => {
    replies.push({ status: 200, body: { data: { id: 'too_late' } }, delayMs: 2_000 });
    const impatient = createTelnyxMessenger({ apiKey: API_KEY, from: FROM, baseUrl: baseUrl(), timeoutMs: 200 });
    await expect(impatient.send(message)).rejects.toThrow('Telnyx did not send the text: no response (timed out)');
    replies.push({ status: 200, body: { data: {} } });
    await expect(messenger().send(message)).rejects.toThrow(
      'Telnyx did not send the text: the answer carried no message id',
    );
    expect(requests).toHaveLength(2);
  });

  it('reports a connection that fails outright', async () => {
    // Nothing listens on port 9.
    const nowhere = createTelnyxMessenger({ apiKey: API_KEY, from: FROM, baseUrl: 'http://127.0.0.1:9/v2' });
    await expect(nowhere.send(message)).rejects.toThrow(
      'Telnyx did not send the text: no response (connection failed)',
    );
  });

  it('ignores TELNYX_BASE_URL: the key goes only where our configuration says', async () => {
    const saved = process.env.TELNYX_BASE_URL;
    process.env.TELNYX_BASE_URL = 'http://127.0.0.1:9/v2';
    try {
      await messenger().send(message);
    } finally {
      if (saved === undefined) delete process.env.TELNYX_BASE_URL;
      else process.env.TELNYX_BASE_URL = saved;
    }
    expect(requests).toHaveLength(1);
  });
});
