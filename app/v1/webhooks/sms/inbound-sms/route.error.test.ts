import { describe, expect, it } from 'vitest';
import { validationEnvelope } from '@/test/expect';
import { send } from '@/test/http';
import { expectRequestId } from '@/test/raw-requests';
import {
  inboundEventStored,
  inboundSmsEvent,
  signedTelnyxRequest,
  storedIntake,
  uniquePhone,
  withTelnyxKey,
} from '@/test/telnyx';
import { POST } from './route';

withTelnyxKey();

const deliver = (body: unknown) => send(POST, signedTelnyxRequest(body));
const NOTHING = { conversations: [], messages: [], outbox: [], optedOut: false };

describe('POST /v1/webhooks/sms/inbound-sms: bad events after a valid signature', () => {
  it('a signed body that is not JSON is 400 VALIDATION_ERROR "Malformed JSON"', async () => {
    for (const body of ['not json', '{"data": {', '', '\u0000']) {
      const res = await deliver(body);
      expect(res.status, body).toBe(400);
      expect(res.json, body).toEqual(validationEnvelope([{ path: [], message: 'Malformed JSON' }]));
      expectRequestId(res);
    }
  });

  it('signed JSON that is not a Telnyx event is 400 VALIDATION_ERROR naming the fields', async () => {
    const res = await deliver({ data: { record_type: 'event' } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(
      validationEnvelope([
        { path: ['data', 'id'], message: 'Invalid input: expected string, received undefined' },
        { path: ['data', 'event_type'], message: 'Invalid input: expected string, received undefined' },
      ]),
    );
    const array = await deliver([]);
    expect(array.json).toEqual(
      validationEnvelope([{ path: [], message: 'Invalid input: expected object, received array' }]),
    );
  });

  it('a message.received without a usable message payload is 400 naming data.payload fields, storing nothing', async () => {
    const phone = uniquePhone();
    const event = inboundSmsEvent({ from: phone, text: 'hi' });
    const { id: _id, ...withoutId } = event.data.payload;
    const res = await deliver({ ...event, data: { ...event.data, payload: { ...withoutId, from: {}, text: 7 } } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(
      validationEnvelope([
        { path: ['data', 'payload', 'id'], message: 'Invalid input: expected string, received undefined' },
        {
          path: ['data', 'payload', 'from', 'phone_number'],
          message: 'Invalid input: expected string, received undefined',
        },
        { path: ['data', 'payload', 'text'], message: 'Invalid input: expected string, received number' },
      ]),
    );
    const none = await deliver({ data: { id: event.data.id, event_type: 'message.received' } });
    expect(none.json).toEqual(
      validationEnvelope([
        { path: ['data', 'payload'], message: 'Invalid input: expected object, received undefined' },
      ]),
    );
    expect(await inboundEventStored(event.data.id)).toBe(false);
    expect(await storedIntake(phone)).toEqual(NOTHING);
  });

  it('an unparseable sender is 400 naming data.payload.from.phone_number, storing nothing', async () => {
    for (const from of ['12345', 'not a number', '+1555', '']) {
      const event = inboundSmsEvent({ from, text: 'hi' });
      const res = await deliver(event);
      expect(res.status, from).toBe(400);
      expect(res.json, from).toEqual(
        validationEnvelope([
          { path: ['data', 'payload', 'from', 'phone_number'], message: 'Must be a phone number in E.164 format' },
        ]),
      );
      expect(await inboundEventStored(event.data.id)).toBe(false);
    }
  });

  it('a 5,000-character text is 400 (the cap is 1,600), storing nothing; 1,600 characters are stored', async () => {
    const phone = uniquePhone();
    const event = inboundSmsEvent({ from: phone, text: 'x'.repeat(5000) });
    const res = await deliver(event);
    expect(res.status).toBe(400);
    expect(res.json).toEqual(
      validationEnvelope([{ path: ['data', 'payload', 'text'], message: 'Must be at most 1600 characters' }]),
    );
    expect(await inboundEventStored(event.data.id)).toBe(false);
    expect(await storedIntake(phone)).toEqual(NOTHING);

    expect((await deliver(inboundSmsEvent({ from: phone, text: 'y'.repeat(1600) }))).json).toEqual({ received: true });
    expect((await storedIntake(phone)).messages.map((message) => message.body.length)).toEqual([1600]);
  });

  it('a text with a NUL character is 400, never a 500 from the database', async () => {
    const phone = uniquePhone();
    const res = await deliver(inboundSmsEvent({ from: phone, text: 'a\u0000b' }));
    expect(res.status).toBe(400);
    expect(res.json).toEqual(
      validationEnvelope([{ path: ['data', 'payload', 'text'], message: 'Must not contain NUL (\\u0000) characters' }]),
    );
    expect(await storedIntake(phone)).toEqual(NOTHING);
  });
});
