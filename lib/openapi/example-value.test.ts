import { describe, expect, it } from 'vitest';
import { exampleValue, type JsonSchema } from './example-value';
import { buildOpenApiDocument } from './openapi';

const now = new Date('2026-01-01T10:00:00.000Z');

describe('exampleValue', () => {
  it('fills an object’s required properties, respecting formats, bounds and enums', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        title: { type: 'string', minLength: 1, maxLength: 200 },
        budgetCents: { type: 'integer', minimum: 500, maximum: 1_000_000 },
        category: { type: 'string', enum: ['inspection', 'other'] },
        deadline: { type: 'string', format: 'date-time' },
        email: { type: 'string', format: 'email' },
        url: { type: 'string', format: 'uri' },
        rating: { type: 'integer', minimum: 1, maximum: 5 },
        lat: { type: 'number', minimum: -90, maximum: 90 },
        draft: { type: 'boolean' },
        notRequired: { type: 'string' },
      },
      required: ['title', 'budgetCents', 'category', 'deadline', 'email', 'url', 'rating', 'lat', 'draft'],
    };
    expect(exampleValue(schema, { now })).toEqual({
      title: 'Example title',
      budgetCents: 500,
      category: 'inspection',
      deadline: '2026-01-08T10:00:00Z',
      email: 'you@example.com',
      url: 'https://example.com/webhooks/legwork',
      rating: 1,
      lat: 0,
      draft: false,
    });
  });

  it('fills every property when none is required (an update), and one item per array', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { name: { type: 'string' }, skills: { type: 'array', items: { type: 'string' } } },
    };
    expect(exampleValue(schema)).toEqual({ name: 'Example name', skills: ['Example skill'] });
  });

  it('follows $refs, takes the non-null branch of anyOf, and prefers example, const and default', () => {
    const schemas: Record<string, JsonSchema> = {
      Location: {
        type: 'object',
        properties: { lat: { type: 'number' }, city: { type: 'string' } },
        required: ['lat'],
      },
    };
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        location: { anyOf: [{ $ref: '#/components/schemas/Location' }, { type: 'null' }] },
        kind: { const: 'test' },
        mode: { type: 'string', default: 'live' },
        code: { type: 'string', example: 'ABCD-1234' },
        missing: { $ref: '#/components/schemas/Nowhere' },
      },
    };
    expect(exampleValue(schema, { schemas })).toEqual({
      location: { lat: 0 },
      kind: 'test',
      mode: 'live',
      code: 'ABCD-1234',
      missing: null,
    });
  });

  it('pads to minLength, cuts to maxLength and stops at a self-reference', () => {
    expect(exampleValue({ type: 'string', minLength: 20 })).toBe('Example value example');
    expect(exampleValue({ type: 'string', maxLength: 3 })).toBe('Exa');
    const schemas: Record<string, JsonSchema> = {
      Node: { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' } }, required: ['child'] },
    };
    expect(JSON.stringify(exampleValue({ $ref: '#/components/schemas/Node' }, { schemas }))).toContain('null');
  });

  it('gives every JSON request body in the API document an example', () => {
    type Operation = { requestBody?: { content: Record<string, { schema: JsonSchema }> } };
    const document = buildOpenApiDocument('https://legwork.example') as unknown as {
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, JsonSchema> };
    };
    const bodies: JsonSchema[] = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).flatMap((operation): JsonSchema[] => {
        const schema = operation.requestBody?.content['application/json']?.schema;
        return schema ? [schema] : [];
      }),
    );
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) {
      expect(exampleValue(body, { schemas: document.components.schemas, now })).not.toBeNull();
    }
    const createTask = document.paths['/v1/tasks']?.post?.requestBody?.content['application/json']
      ?.schema as JsonSchema;
    expect(exampleValue(createTask, { schemas: document.components.schemas, now })).toEqual({
      title: 'Example title',
      budgetCents: 500,
    });
  });
});
