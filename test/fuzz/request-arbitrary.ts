import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { z } from 'zod';
import type { Operation } from '@/lib/schemas/operation';
import { replaySamples, type SampleFixtures } from '@/test/contract/replay-samples';
import { objectShape, pathParamNames } from '@/test/contract/schema-probes';
import { PNG_BYTES } from '@/test/worker-profiles';
import type { CredentialKind } from './fuzz-world';
import {
  badPathSegment,
  badQueryValue,
  brokenJson,
  hostileString,
  mutated,
  oddStrings,
  percentEncode,
} from './hostile-arbitrary';
import { validArbitrary } from './valid-arbitrary';

// One generated HTTP request for an operation: a path with valid, existing or malformed ids, a query and a body that
// are valid, edited or broken, and a credential of a kind the operation takes (now and then none, or a bogus one).

export type FuzzRequest = {
  method: string;
  /** Path and query exactly as they go on the wire. */
  url: string;
  credential: CredentialKind;
  headers: Record<string, string>;
  body?: string | Buffer;
};

/**
 * What a generated request may use: objects that exist, by `<first path segment>/<param>`, and a signed-up human's
 * email and password for the contract suite's samples.
 */
export type RequestContext = { knownIds: Record<string, string[]>; sampleFixtures: SampleFixtures };

/** Query values pinned whatever is generated: a long poll on an existing thread would otherwise park for 30 s. */
const PINNED_QUERY: Record<string, Record<string, string>> = { awaitTaskMessages: { timeoutSec: '1' } };

/** Operations that spend the credential they are called with get a fresh one each time. */
const SPENDS_CREDENTIAL: Record<string, CredentialKind> = {
  deleteCurrentSession: 'freshSession',
  rotateOwnKey: 'freshAgentKey',
};

export function requestArbitrary(operation: Operation, context: RequestContext): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      path: pathArbitrary(operation, context),
      query: queryArbitrary(operation),
      body: bodyArbitrary(operation, context),
      credential: credentialArbitrary(operation),
      idempotencyKey: operation.method === 'POST' ? idempotencyKeyArbitrary : fc.constant(undefined),
      garbled: fc.option(garbledAuthorization, { nil: undefined, freq: 2 }),
    })
    .map(({ path, query, body, credential, idempotencyKey, garbled }) => ({
      method: operation.method,
      url: `${path}${query}`,
      credential,
      headers: {
        // Without a credential of its own, now and then an Authorization header that is not one.
        ...(credential === 'none' && garbled !== undefined ? { authorization: garbled } : {}),
        ...(body.contentType ? { 'content-type': body.contentType } : {}),
        ...(idempotencyKey !== undefined ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: body.bytes,
    }));
}

function credentialArbitrary(operation: Operation): fc.Arbitrary<CredentialKind> {
  const spent = SPENDS_CREDENTIAL[operation.operationId];
  const accepted: CredentialKind[] = spent
    ? [spent]
    : operation.admin
      ? ['adminSession']
      : {
          none: ['none' as const],
          session: ['operatorSession' as const, 'workerSession' as const],
          apiKey: ['operatorKey' as const, 'agentKey' as const],
          any: ['operatorSession' as const, 'workerSession' as const, 'operatorKey' as const, 'agentKey' as const],
        }[operation.auth];
  // Now and then a credential the operation refuses; never a shared one where the operation would spend it.
  const refused: CredentialKind[] = spent ? ['none', 'bogus'] : ['none', 'bogus', 'operatorKey', 'workerSession'];
  return fc.oneof(
    { arbitrary: fc.constantFrom(...accepted), weight: 8 },
    { arbitrary: fc.constantFrom(...refused), weight: 1 },
  );
}

function pathArbitrary(operation: Operation, context: RequestContext): fc.Arbitrary<string> {
  const names = pathParamNames(operation.path);
  if (names.length === 0) return fc.constant(operation.path);
  const shape = operation.params ? (objectShape(operation.params) ?? {}) : {};
  const resource = operation.path.split('/')[2];
  const segments = names.map((name) => {
    const key = `${resource}/${name}`;
    const known =
      operation.method === 'DELETE'
        ? (context.knownIds[`${key}:delete`] ?? [])
        : [
            ...(context.knownIds[key] ?? []),
            ...(operation.method === 'GET' ? (context.knownIds[`${key}:read`] ?? []) : []),
          ];
    const field = shape[name];
    const valid = field ? validArbitrary(field).map(String) : fc.constant(randomUUID());
    return fc.oneof(
      { arbitrary: valid.map(percentEncode), weight: 2 },
      { arbitrary: known.length > 0 ? fc.constantFrom(...known) : valid.map(percentEncode), weight: 4 },
      { arbitrary: badPathSegment, weight: 1 },
    );
  });
  return fc.tuple(...segments).map((values) => {
    let index = 0;
    return operation.path.replace(/\{\w+\}/g, () => values[index++] ?? '');
  });
}

type QueryPairs = [string, string][];

function queryArbitrary(operation: Operation): fc.Arbitrary<string> {
  const pinned = Object.entries(PINNED_QUERY[operation.operationId] ?? {});
  const junk = fc.array(fc.tuple(fc.string({ maxLength: 8 }).map(percentEncode), badQueryValue), { maxLength: 2 });
  if (!operation.query) return fc.oneof({ arbitrary: fc.constant(''), weight: 6 }, junk.map(toQueryString));
  const valid = validArbitrary(operation.query).map((value) => queryPairs(value, pinned));
  return fc.oneof(
    { arbitrary: valid.map(toQueryString), weight: 4 },
    {
      arbitrary: validArbitrary(operation.query)
        .chain(mutated)
        .map((value) => toQueryString(queryPairs(value, pinned))),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...queryKeys(operation.query)), badQueryValue)
        .map(([pairs, key, value]) => toQueryString([...pairs.filter(([name]) => name !== key), [key, value]])),
      weight: 2,
    },
    { arbitrary: fc.tuple(valid, junk).map(([pairs, more]) => toQueryString([...pairs, ...more])), weight: 1 },
  );
}

const queryKeys = (query: z.ZodType) => Object.keys(objectShape(query) ?? { q: undefined });

/** A query object as the pairs a client sends: strings as they are, anything else in its JSON spelling. */
function queryPairs(value: unknown, pinned: [string, string][]): QueryPairs {
  const pairs: QueryPairs = [];
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (pinned.some(([name]) => name === key)) continue;
      const text = typeof item === 'string' ? item : (JSON.stringify(item) ?? '');
      pairs.push([percentEncode(key), percentEncode(text.slice(0, 500))]); // short of Node's 16 KB request line
    }
  }
  return [...pairs, ...pinned];
}

const toQueryString = (pairs: QueryPairs) =>
  pairs.length === 0 ? '' : `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`;

type BodyCase = { bytes?: string | Buffer; contentType?: string };

const json = (value: unknown): BodyCase => ({ bytes: JSON.stringify(value), contentType: 'application/json' });

function bodyArbitrary(operation: Operation, context: RequestContext): fc.Arbitrary<BodyCase> {
  if (operation.multipart) return multipartArbitrary;
  if (operation.rawBody) {
    return fc.oneof(
      fc.jsonValue({ maxDepth: 2 }).map(json),
      hostileString.map((bytes) => ({ bytes, contentType: 'application/json' })),
      brokenJson.map((bytes) => ({ bytes, contentType: 'text/plain' })),
    );
  }
  if (!operation.body) {
    return fc.oneof({ arbitrary: fc.constant({}), weight: 6 }, { arbitrary: brokenJson.map(asJson), weight: 1 });
  }
  // The contract suite's hand-written sample, where there is one, reaches deeper than a body built from the schema
  // alone (a deadline in the future, a booking on the minute).
  const sample = replaySamples[operation.operationId];
  const fromSchema = validArbitrary(operation.body);
  const valid =
    sample && 'body' in sample ? fc.oneof(fromSchema, fc.constant(sample.body(context.sampleFixtures))) : fromSchema;
  return fc.oneof(
    { arbitrary: valid.map(json), weight: 4 },
    { arbitrary: valid.chain(mutated).map(json), weight: 3 },
    { arbitrary: brokenJson.map(asJson), weight: 1 },
    {
      arbitrary: fc
        .tuple(
          valid,
          fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/merge-patch+json'),
        )
        .map(([value, contentType]) => ({ bytes: JSON.stringify(value), contentType })),
      weight: 1,
    },
  );
}

const asJson = (bytes: string | Buffer): BodyCase => ({ bytes, contentType: 'application/json' });

const BOUNDARY = 'fuzz-boundary-7MA4YWxkTrZu0gW';

/** Multipart bodies: one file (a real PNG or junk), the wrong field, two files, or an unterminated body. */
const multipartArbitrary: fc.Arbitrary<BodyCase> = fc
  .tuple(
    fc.constantFrom('file', 'photo', ''),
    fc.oneof(
      fc.constant(Buffer.from(PNG_BYTES)),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
    ),
    oddStrings,
    fc.boolean(),
    fc.boolean(),
  )
  .map(([field, content, filename, twice, truncated]) => {
    const part = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${field}"; filename="${filename.slice(0, 40).replace(/["\r\n]/g, '')}"\r\ncontent-type: image/png\r\n\r\n`,
      ),
      content,
      Buffer.from('\r\n'),
    ]);
    const bytes = Buffer.concat([part, ...(twice ? [part] : []), Buffer.from(truncated ? '' : `--${BOUNDARY}--\r\n`)]);
    return { bytes, contentType: `multipart/form-data; boundary=${BOUNDARY}` };
  });

/** An Idempotency-Key: none, a UUID, or an odd one (header bytes are Latin-1, so odd means long or accented). */
const idempotencyKeyArbitrary = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 3 },
  { arbitrary: fc.uuid(), weight: 2 },
  { arbitrary: fc.constantFrom('', ' ', 'k'.repeat(1_000), 'clé-é', '\t'), weight: 1 },
);

/** Authorization headers no credential matches: other schemes, a bare scheme, odd spacing, huge or accented tokens. */
const garbledAuthorization = fc.constantFrom(
  'Bearer',
  'Bearer ',
  'Basic dXNlcjpwYXNz',
  'bearer lgw_live_abc',
  'Bearer  lgw_test_abc',
  `Bearer lgw_live_${'a'.repeat(5_000)}`,
  'Bearer lgw_test_\u00e9\u00e9',
  'Bearer lgw_live_abc, Bearer lgw_test_def',
  'Token abc',
  `Bearer ${'x'.repeat(64)}`,
);
