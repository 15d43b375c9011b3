import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocumentedOperation, Operation } from '@/lib/schemas/operation';
import { documentedOperations, operations } from '@/lib/schemas/operations';
import { call } from '@/test/http';
import { exportedHandlers, routeFiles } from '@/test/route-modules';
import { POST as mcpPost } from '../mcp/route';
import { GET } from './route';

type OpenApiOperation = {
  operationId: string;
  security: Record<string, string[]>[];
  parameters: { name: string; in: string }[];
  responses: Record<string, { content?: { 'application/json'?: { schema?: { $ref?: string } } }; headers?: object }>;
};
type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }>; schemas: Record<string, unknown> };
};

let doc: OpenApiDocument;
let res: Awaited<ReturnType<typeof call>>;

beforeAll(async () => {
  res = await call(GET, '/v1/openapi.json');
  doc = res.json;
});

describe('GET /v1/openapi.json', () => {
  it('answers 200 with a bare OpenAPI 3.1.0 document', () => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.json.data).toBeUndefined();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.info.title).toBe('Legwork API');
    expect(doc.servers).toEqual([{ url: 'http://localhost:3000', description: 'This deployment' }]);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    if (!result.valid) console.error(JSON.stringify(result.errors, null, 2));
    expect(result.valid).toBe(true);
  });

  it('documents every route handler under app/v1 at the path of its folder', async () => {
    const handlers = await exportedHandlers();
    expect(new Set(handlers.map(({ file }) => file)).size, 'every route file exports a handler').toBe(
      routeFiles().length,
    );
    const documented: string[] = [];
    const handDescribed: string[] = [];
    for (const { file, openApiPath, method, operation: built, documentedOperation } of handlers) {
      // A handler outside the REST pipeline (MCP) must say so with documented(), and be listed as such.
      const operation = built ?? documentedOperation;
      if (documentedOperation) handDescribed.push(`${method} ${documentedOperation.path}`);
      expect(operation, `${method} ${file} is not built with route() or documented()`).toBeDefined();
      if (!operation) continue;
      expect(operation.method, file).toBe(method);
      expect(operation.path, file).toBe(openApiPath);
      expect(doc.paths[operation.path]?.[method.toLowerCase()], `${method} ${operation.path}`).toBeDefined();
      expect(doc.paths[operation.path]?.[method.toLowerCase()]?.operationId).toBe(operation.operationId);
      documented.push(`${method} ${operation.path}`);
    }
    expect(handDescribed).toEqual(['POST /v1/mcp']);
    // ...and nothing is documented that has no handler.
    const inDocument = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${p}`),
    );
    expect(inDocument.sort()).toEqual(documented.sort());
    const listed = [...operations, ...documentedOperations];
    expect(
      listed.map((operation: Operation | DocumentedOperation) => `${operation.method} ${operation.path}`).sort(),
    ).toEqual(documented.sort());
    expect(documentedOperations.map((operation) => `${operation.method} ${operation.path}`)).toEqual(handDescribed);
  });

  it('resolves every $ref inside the document (named schemas live in components.schemas)', () => {
    const refs: string[] = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (typeof value === 'object' && value !== null) {
        for (const [key, child] of Object.entries(value)) {
          expect(key, 'no schema-local $defs').not.toBe('$defs');
          if (key === '$ref') refs.push(child as string);
          else walk(child);
        }
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      expect(ref).toMatch(/^#\/components\/schemas\/\w+$/);
      const name = ref.split('/').pop() ?? '';
      expect(doc.components.schemas[name], ref).toMatchObject({ type: 'object' });
    }
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['DeepHealth', 'Error', 'User']));
  });

  it('has unique operation ids', () => {
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('defines the apiKey and sessionToken bearer schemes and the Error schema', () => {
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.sessionToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.Error).toMatchObject({
      type: 'object',
      required: ['error'],
      properties: { error: { type: 'object', required: ['code', 'message', 'hint'] } },
    });
  });

  it('points every error response at the Error schema, and documents Retry-After on 429', () => {
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const [status, response] of Object.entries(op.responses)) {
          if (Number(status) < 400 || (p === '/v1/health/deep' && status === '503')) continue;
          if (p === '/v1/mcp') continue; // JSON-RPC errors: checked by the MCP test below
          expect(response.content?.['application/json']?.schema, `${method} ${p} ${status}`).toEqual({
            $ref: '#/components/schemas/Error',
          });
          if (status === '429') expect(response.headers, `${method} ${p}`).toHaveProperty('Retry-After');
        }
        if (p !== '/v1/mcp') expect(op.responses['500'], `${method} ${p}`).toBeDefined();
      }
    }
  });

  it('documents 401 on every authenticated operation, with its security scheme', () => {
    for (const operation of operations) {
      const op = doc.paths[operation.path]?.[operation.method.toLowerCase()];
      if (operation.auth === 'none') {
        expect(op?.security, operation.path).toEqual([]);
        continue;
      }
      expect(op?.responses['401'], `${operation.method} ${operation.path}`).toBeDefined();
      expect(op?.security.length, operation.path).toBeGreaterThan(0);
      for (const requirement of op?.security ?? []) {
        for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes).toHaveProperty(scheme);
      }
    }
    expect(doc.paths['/v1/users/me']?.get?.security).toEqual([{ apiKey: [] }, { sessionToken: [] }]);
    expect(doc.paths['/v1/auth/sessions/current']?.delete?.security).toEqual([{ sessionToken: [] }]);
    expect(doc.paths['/v1/auth/sessions/current']?.delete?.responses['403']).toBeDefined();
  });

  it('marks exactly the operations that spend or release money with x-moves-money', () => {
    const marked = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, op]) => {
        const flag = (op as { 'x-moves-money'?: string })['x-moves-money'];
        return flag ? [`${method.toUpperCase()} ${path} ${flag}`] : [];
      }),
    );
    expect(marked.sort()).toEqual([
      'POST /v1/disputes/{id}/resolve payout',
      'POST /v1/services/{id}/book charge',
      'POST /v1/tasks charge',
      'POST /v1/tasks/{id}/approve payout',
      'POST /v1/tasks/{id}/offers/{offerId}/accept charge',
      'POST /v1/tasks/{id}/publish charge',
      'POST /v1/tasks/{id}/resolve payout',
      'POST /v1/tasks/{id}/tip charge',
    ]);
  });

  it('documents the inbound webhooks’ 200 as the bare {received, duplicate?} body (no data wrapper)', () => {
    for (const path of ['/v1/webhooks/payments', '/v1/webhooks/sms/inbound-sms', '/v1/webhooks/email/inbound']) {
      const ok = doc.paths[path]?.post?.responses['200'] as {
        content: { 'application/json': { schema: { properties: Record<string, unknown>; required?: string[] } } };
      };
      const schema = ok.content['application/json'].schema;
      expect(Object.keys(schema.properties).sort(), path).toEqual(['duplicate', 'received']);
      expect(schema.required, path).toEqual(['received']);
    }
  });

  it('describes POST /v1/mcp as the Streamable HTTP MCP endpoint: JSON-RPC in, SSE or JSON-RPC JSON out', async () => {
    type McpDoc = {
      tags: string[];
      security: Record<string, string[]>[];
      requestBody: { content: Record<string, { schema: { anyOf: unknown[] } }> };
      responses: Record<string, { content?: Record<string, { schema: { $ref?: string; type?: string } }> }>;
    };
    const mcp = doc.paths['/v1/mcp']?.post as unknown as McpDoc;
    expect(mcp).toMatchObject({ operationId: 'mcp', tags: ['MCP'] });
    expect(mcp.security).toEqual([{}, { apiKey: [] }]); // the bearer key is optional
    expect(Object.keys(mcp.requestBody.content)).toEqual(['application/json']);
    expect(mcp.requestBody.content['application/json']?.schema.anyOf).toEqual([
      { $ref: '#/components/schemas/JsonRpcMessageInput' },
      { type: 'array', minItems: 1, items: { $ref: '#/components/schemas/JsonRpcMessageInput' } },
    ]);
    expect(Object.keys(mcp.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
    expect(mcp.responses['202']?.content).toBeUndefined();
    for (const status of ['400', '401', '403', '406', '413', '415']) {
      expect(mcp.responses[status]?.content, status).toEqual({
        'application/json': { schema: { $ref: '#/components/schemas/JsonRpcError' } },
      });
    }
    expect(doc.components.schemas.JsonRpcError).toMatchObject({ required: ['jsonrpc', 'error', 'id'] });

    // ...and the handler answers with exactly those content types.
    const ask = (headers: Record<string, string>) =>
      mcpPost(
        new Request('http://localhost:3000/v1/mcp', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
          }),
        }),
      );
    const streamed = await ask({});
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await streamed.body?.cancel();
    const refused = await ask({ origin: 'https://elsewhere.example' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await refused.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null });
  });

  it('documents the Idempotency-Key header on idempotent POST operations and the 503 of the deep health check', () => {
    const notIdempotent = new Set(
      operations.filter((operation) => operation.idempotent === false).map((operation) => operation.path),
    );
    expect(notIdempotent).toEqual(
      new Set([
        '/v1/webhooks/payments',
        '/v1/webhooks/sms/inbound-sms',
        '/v1/webhooks/email/inbound',
        '/v1/notifications/unsubscribe',
        // A dry run stores nothing, so there is no answer to keep for a retry.
        '/v1/tasks/{id}/check-proof',
      ]),
    );
    for (const path of notIdempotent) {
      const parameters = doc.paths[path]?.post?.parameters ?? [];
      expect(
        parameters.map((param) => `${param.in}:${param.name}`),
        path,
      ).not.toContain('header:Idempotency-Key');
    }
    for (const [p, item] of Object.entries(doc.paths)) {
      if (!item.post || notIdempotent.has(p) || p === '/v1/mcp') continue; // JSON-RPC has no Idempotency-Key
      expect(
        item.post.parameters.map((param) => `${param.in}:${param.name}`),
        p,
      ).toContain('header:Idempotency-Key');
      expect(item.post.responses['422'], p).toBeDefined();
    }
    expect(doc.paths['/v1/health/deep']?.get?.responses['503']).toBeDefined();
    expect(doc.paths['/v1/users']?.post?.responses['409']).toBeDefined();
    expect(doc.paths['/v1/users']?.post?.responses['201']).toBeDefined();
  });
});
