import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { call, uniqueIp } from '@/test/http';
import { laterReply, rawReply, reply } from './outcome';
import { type HandlerInput, route } from './route';

// Type-level tests of the handler contract: `tsc --noEmit` checks every `@ts-expect-error` below still flags an
// error (an unused one is itself an error), so a loosened Handler type fails the build. The handlers are built,
// not called, except in the one run-time case.

const thing = z.object({ id: z.uuid(), count: z.number().int(), at: z.iso.datetime() });

const getThing = defineOperation({
  method: 'GET',
  path: '/v1/things/{id}',
  operationId: 'getThing',
  summary: 'A thing',
  tags: ['Test'],
  auth: 'any',
  response: thing,
  otherResponses: { 202: { description: 'Still counting.', schema: z.object({ pending: z.literal(true) }) } },
});

const listThings = defineOperation({
  method: 'GET',
  path: '/v1/things',
  operationId: 'listThings',
  summary: 'Things',
  tags: ['Test'],
  auth: 'any',
  listEnvelope: true,
  response: z.array(thing),
});

const ping = defineOperation({
  method: 'GET',
  path: '/v1/ping',
  operationId: 'ping',
  summary: 'Ping',
  tags: ['Test'],
  auth: 'none',
  usesDatabase: false,
  response: z.object({ status: z.literal('ok') }),
});

const good = { id: '00000000-0000-4000-8000-000000000000', count: 1, at: '2026-01-01T00:00:00Z' };

describe('Handler<T>', () => {
  it('accepts the response shape, a reply of it or of an other status, a long poll and a raw body', () => {
    route(getThing, async () => good);
    route(getThing, async () => reply(200, good, { ETag: '"1"' }));
    route(getThing, async () => reply(202, { pending: true as const }));
    route(getThing, async () => laterReply(Promise.resolve(good)));
    route(getThing, async () => rawReply(402, { anything: 'goes' }));
    route(listThings, async () => ({ data: [good], nextCursor: null }));
    route(ping, async () => ({ status: 'ok' as const }));
  });

  it('rejects a wrong shape', () => {
    // @ts-expect-error count must be a number
    route(getThing, async () => ({ ...good, count: '1' }));
    // @ts-expect-error id is missing
    route(getThing, async () => ({ count: 1, at: good.at }));
    // @ts-expect-error a reply's data is checked too
    route(getThing, async () => reply(200, { id: good.id }));
    // @ts-expect-error and so is a long poll's promised data
    route(getThing, async () => laterReply(Promise.resolve({ count: 1 })));
    // @ts-expect-error a list operation answers with a page, not a bare array
    route(listThings, async () => [good]);
    // @ts-expect-error a page's items are the response's
    route(listThings, async () => ({ data: [{ id: good.id }], nextCursor: null }));
    // @ts-expect-error nothing at all is not an answer
    route(getThing, async () => undefined);
  });

  it('gives the database only to operations that use it', () => {
    expectTypeOf<HandlerInput<typeof getThing>>().toHaveProperty('db');
    expectTypeOf<HandlerInput<typeof getThing>>().toHaveProperty('database');
    expectTypeOf<HandlerInput<typeof ping>>().not.toHaveProperty('db');
    expectTypeOf<HandlerInput<typeof ping>>().not.toHaveProperty('database');
    // @ts-expect-error db is absent when usesDatabase is false
    route(ping, async ({ db }) => (db ? { status: 'ok' as const } : { status: 'ok' as const }));
  });

  it('leaves the database handles out of the input at run time too', async () => {
    const handler = route(ping, async (input) => {
      if ('db' in input || 'database' in input) throw new Error('a database handle was passed');
      return { status: 'ok' as const };
    });
    const res = await call(handler, '/v1/ping', { ip: uniqueIp() });
    expect(res.status, res.text).toBe(200);
  });

  it('types params, query and body from the operation', () => {
    const byId = defineOperation({ ...getThing, params: z.object({ id: z.uuid() }) });
    route(byId, async ({ params }) => {
      expectTypeOf(params).toEqualTypeOf<{ id: string }>();
      expectTypeOf<HandlerInput<typeof byId>['body']>().toEqualTypeOf<undefined>();
      return good;
    });
  });
});
