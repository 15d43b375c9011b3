import { z } from 'zod';
import { type ErrorCode, errorTable } from '@/lib/errors/api-error';
import type { DocumentedOperation, Operation } from '@/lib/schemas/operation';
import { documentedOperations, operations } from '@/lib/schemas/operations';

type JsonSchema = Record<string, unknown>;

const errorEnvelope = z
  .object({
    error: z.object({
      code: z.string().describe('Machine-readable code, UPPER_SNAKE.'),
      message: z.string().describe('Human-readable message.'),
      hint: z.string().describe('What to do next.'),
      details: z.record(z.string(), z.unknown()).optional().describe('E.g. `retryAfter` on rate limiting.'),
      issues: z
        .array(z.object({ path: z.array(z.string()), message: z.string() }))
        .optional()
        .describe('Validation problems, one per field.'),
    }),
  })
  .meta({ id: 'Error' });

// Schemas named with `.meta({ id })`, collected into components.schemas while the document is built.
let namedSchemas: Record<string, JsonSchema> = {};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', reused: 'inline' });
  delete converted.$schema;
  return hoistDefinitions(converted as JsonSchema, io);
}

/**
 * zod puts every schema with an `id` into the converted schema's own `$defs` and refers to it as
 * `#/$defs/<id>`. In an OpenAPI document `#` is the whole document, so those references would dangle:
 * move each definition to components.schemas and point there instead.
 */
function hoistDefinitions(converted: JsonSchema, io: 'input' | 'output'): JsonSchema {
  const defs = (converted.$defs ?? {}) as Record<string, JsonSchema>;
  delete converted.$defs;
  const componentName = (id: string) => (io === 'input' ? `${id}Input` : id);
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (typeof value !== 'object' || value === null) return value;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      out[key] =
        key === '$ref' && typeof child === 'string' && child.startsWith('#/$defs/')
          ? `#/components/schemas/${componentName(child.slice('#/$defs/'.length))}`
          : rewrite(child);
    }
    return out;
  };
  for (const [id, definition] of Object.entries(defs)) {
    const name = componentName(id);
    const rewritten = rewrite(definition) as JsonSchema;
    const existing = namedSchemas[name];
    if (existing && JSON.stringify(existing) !== JSON.stringify(rewritten)) {
      throw new Error(`Two different schemas use the OpenAPI component name "${name}"`);
    }
    namedSchemas[name] = rewritten;
  }
  return rewrite(converted) as JsonSchema;
}

function errorsFor(operation: Operation): ErrorCode[] {
  const codes = new Set<ErrorCode>(['INTERNAL_ERROR', ...(operation.errors ?? [])]);
  if (operation.body || operation.query) codes.add('VALIDATION_ERROR');
  if (operation.multipart) codes.add('VALIDATION_ERROR').add('PAYLOAD_TOO_LARGE');
  if (operation.body) {
    codes.add('PAYLOAD_TOO_LARGE');
    codes.add('UNSUPPORTED_MEDIA_TYPE');
  }
  if (operation.params) codes.add('NOT_FOUND');
  if (operation.auth !== 'none') codes.add('UNAUTHORIZED');
  if (operation.auth === 'session' || operation.auth === 'apiKey' || operation.scope) codes.add('FORBIDDEN');
  if (operation.rateLimit !== 'none') codes.add('RATE_LIMIT_EXCEEDED');
  if (operation.idempotent ?? operation.method === 'POST') {
    codes.add('IDEMPOTENCY_KEY_IN_USE');
    codes.add('IDEMPOTENCY_KEY_REUSED');
  }
  return [...codes];
}

function errorResponses(operation: Operation): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorsFor(operation)) {
    const { status } = errorTable[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: codes.map((code) => `\`${code}\`: ${errorTable[code].message}`).join('; '),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      ...(status === 429 ? { headers: { 'Retry-After': { schema: { type: 'integer' } } } } : {}),
    };
  }
  return responses;
}

const SECURITY: Record<Operation['auth'], unknown[]> = {
  none: [],
  session: [{ sessionToken: [] }],
  apiKey: [{ apiKey: [] }],
  any: [{ apiKey: [] }, { sessionToken: [] }],
};

function parameters(operation: Operation): unknown[] {
  const out: unknown[] = [];
  for (const [location, schema] of [
    ['path', operation.params],
    ['query', operation.query],
  ] as const) {
    if (!schema) continue;
    const converted = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(converted.properties ?? {})) {
      out.push({
        name,
        in: location,
        required: location === 'path' || (converted.required ?? []).includes(name),
        schema: property,
        ...(property.description ? { description: property.description } : {}),
      });
    }
  }
  if (operation.idempotent ?? operation.method === 'POST') {
    out.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'Makes the request safe to retry for 24 hours (1-255 printable ASCII characters, no commas).',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  }
  return out;
}

function describeOperation(operation: Operation): Record<string, unknown> {
  const success = operation.successStatus ?? 200;
  const dataSchema = jsonSchema(operation.response, 'output');
  const body = (schema: JsonSchema) => {
    if (operation.envelope === false) return schema;
    if (!operation.listEnvelope) return { type: 'object', required: ['data'], properties: { data: schema } };
    return {
      type: 'object',
      required: ['data', 'nextCursor', 'hasMore'],
      properties: {
        data: schema,
        nextCursor: { type: ['string', 'null'], description: 'Pass as `cursor` for the next page; null on the last.' },
        hasMore: { type: 'boolean' },
      },
    };
  };
  const responses: Record<string, unknown> = {
    [String(success)]: { description: 'Success', content: { 'application/json': { schema: body(dataSchema) } } },
    ...errorResponses(operation),
  };
  for (const [status, other] of Object.entries(operation.otherResponses ?? {})) {
    responses[status] = {
      description: other.description,
      content: { 'application/json': { schema: body(jsonSchema(other.schema, 'output')) } },
    };
  }
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: operation.tags,
    security: SECURITY[operation.auth],
    ...(operation.admin ? { 'x-admin': true } : {}),
    ...(operation.movesMoney ? { 'x-moves-money': operation.movesMoney } : {}),
    parameters: parameters(operation),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(operation.body, 'input') } },
          },
        }
      : {}),
    ...(operation.multipart ? { requestBody: multipartBody(operation.formFields) } : {}),
    responses,
  };
}

/** A hand-described endpoint (MCP): its fields as declared, zod bodies converted like an operation's. */
function describeDocumented(operation: DocumentedOperation): Record<string, unknown> {
  const content = (byType: Record<string, z.ZodType | JsonSchema>, io: 'input' | 'output') =>
    Object.fromEntries(
      Object.entries(byType).map(([mediaType, schema]) => [
        mediaType,
        { schema: schema instanceof z.ZodType ? jsonSchema(schema, io) : schema },
      ]),
    );
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    responses[status] = {
      description: response.description,
      ...(response.content ? { content: content(response.content, 'output') } : {}),
    };
  }
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: operation.description,
    tags: operation.tags,
    security: operation.security,
    parameters: operation.parameters ?? [],
    requestBody: {
      required: true,
      description: operation.requestBody.description,
      content: content(operation.requestBody.content, 'input'),
    },
    responses,
  };
}

function multipartBody(formFields: z.ZodType | undefined) {
  const fields = formFields ? (jsonSchema(formFields, 'input').properties as Record<string, unknown>) : {};
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['file'],
          properties: {
            file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'The file.' },
            ...fields,
          },
        },
      },
    },
  };
}

/** The document's fixed fields (its operation's response schema checks `openapi`); the rest is plain JSON. */
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, unknown>>;
} & Record<string, unknown>;

let cached: OpenApiDocument | undefined;

/** OpenAPI 3.1.0 for every operation in lib/schemas/operations.ts. */
export function buildOpenApiDocument(serverUrl: string): OpenApiDocument {
  cached ??= buildPaths();
  return { ...cached, servers: [{ url: serverUrl, description: 'This deployment' }] };
}

function buildPaths(): OpenApiDocument {
  namedSchemas = {};
  jsonSchema(errorEnvelope, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    paths[operation.path] ??= {};
    (paths[operation.path] as Record<string, unknown>)[operation.method.toLowerCase()] = describeOperation(operation);
  }
  for (const operation of documentedOperations) {
    paths[operation.path] ??= {};
    (paths[operation.path] as Record<string, unknown>)[operation.method.toLowerCase()] = describeDocumented(operation);
  }
  const tags = [...new Set([...operations, ...documentedOperations].flatMap((operation) => operation.tags))].map(
    (name) => ({ name }),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Legwork API',
      version: '1.0.0',
      description:
        'Hire people for physical tasks. Success bodies are `{data}`; errors are `{error: {code, message, hint, details?, issues?}}`.',
    },
    tags,
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'lgw_live_… / lgw_test_… API key',
          description: 'An API key of an operator or agent.',
        },
        sessionToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'lgws_… session token',
          description: 'A human session from POST /v1/auth/sessions or POST /v1/users.',
        },
      },
      schemas: namedSchemas,
    },
  };
}
