import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ApiRouter } from '@/lib/router/api-router';
import { operations } from '@/lib/schemas/operations';
import { envForFile } from '@/test/env';
import { uniqueIp } from '@/test/http';
import { rawExchange } from '@/test/raw-exchange';
import { withResendWebhookSecret } from '@/test/resend-inbound';
import { withWebhookSecret } from '@/test/stripe-webhooks';
import { withTelnyxKey } from '@/test/telnyx';
import { withTemporaryDataDir } from '@/test/worker-profiles';
import { answerProblems } from './answer-problems';
import { fuzzSettings, statusTally } from './fuzz-settings';
import { fuzzWorldForFile } from './fuzz-world';
import { mcpAnswerProblems, mcpRequestArbitrary } from './mcp-arbitrary';
import { type FuzzRequest, requestArbitrary } from './request-arbitrary';

// Property-based tests of every operation in lib/schemas/operations.ts, through the API router on a real socket (what
// `npm start` serves): generated requests, valid and hostile, must never get a 5xx; errors come in the envelope, with
// `issues` on a validation error; every success fits the operation's declared response. A bounded run with a fixed
// seed is part of `npm test`; `npm run fuzz` runs longer with a random seed (docs/conventions.md, "Tests").

const settings = fuzzSettings();
const world = fuzzWorldForFile();
withTemporaryDataDir();
// Provider webhooks configured as in production, so their signature checks are what the fuzz meets. Each request
// comes from its own address (X-Forwarded-For from loopback), so per-IP limits never refuse the run.
withWebhookSecret();
withTelnyxKey();
withResendWebhookSecret();
envForFile({ TRUSTED_PROXIES: 'loopback' });

const tally = statusTally();
let base = '';
let server: http.Server;

beforeAll(async () => {
  const router = await ApiRouter.load(path.resolve('app/v1'), { hostname: '127.0.0.1' });
  server = http.createServer((req, res) => {
    if (router.serve(req, res)) return;
    res.writeHead(404, { 'content-type': 'application/json' }); // Next's share (non-canonical paths) is not fuzzed
    res.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found', hint: 'Next.js' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  console.log(tally.summary(process.env.FUZZ_VERBOSE === '1'));
});

async function send(request: FuzzRequest) {
  const token = await world.token(request.credential);
  const headers = {
    ...request.headers,
    'x-forwarded-for': uniqueIp(),
    // Node's client frames a GET's or DELETE's body only with an explicit length; without it the bytes would
    // reach the server as a malformed next request.
    ...(request.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(request.body)) }),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
  const res = await rawExchange(base, request.url, { method: request.method, headers, body: request.body });
  return { status: res.status, contentType: String(res.headers['content-type'] ?? ''), text: res.body.toString() };
}

/** The request in a failure message: enough to replay it by hand, bodies cut short. */
function describeRequest(request: FuzzRequest): string {
  const body = request.body === undefined ? '' : String(request.body).slice(0, 500);
  return `${request.method} ${request.url.slice(0, 500)} as ${request.credential} ${JSON.stringify(request.headers)}\n${body}`;
}

describe(`every operation, ${settings.runs} generated requests each (FUZZ_SEED=${settings.seed})`, () => {
  it.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s',
    async (_, operation) => {
      const arbitrary = requestArbitrary(operation, world);
      await fc.assert(
        fc.asyncProperty(arbitrary, async (request) => {
          const answer = await send(request);
          tally.count(operation.operationId, answer.status);
          const problems = answerProblems(operation, answer);
          if (problems.length > 0) throw new Error(`${problems.join('\n')}\nfor ${describeRequest(request)}`);
        }),
        settings.assertOptions(operation.operationId),
      );
    },
    settings.timeoutPerOperation,
  );
});

describe(`POST /v1/mcp, ${settings.runs * 3} generated JSON-RPC calls (FUZZ_SEED=${settings.seed})`, () => {
  it(
    'answers every call below 500, each error in JSON-RPC’s shape',
    async () => {
      await fc.assert(
        fc.asyncProperty(mcpRequestArbitrary, async (request) => {
          const answer = await send(request);
          tally.count('mcp', answer.status);
          const problems = mcpAnswerProblems(answer);
          if (problems.length > 0) throw new Error(`${problems.join('\n')}\nfor ${describeRequest(request)}`);
        }),
        { ...settings.assertOptions('mcp'), numRuns: settings.runs * 3 },
      );
    },
    settings.timeoutPerOperation * 3,
  );
});
