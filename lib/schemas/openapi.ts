import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';

export const openApiOperation = defineOperation({
  method: 'GET',
  path: '/v1/openapi.json',
  operationId: 'getOpenApiDocument',
  summary: 'This API as OpenAPI 3.1',
  description: 'Generated from the same zod schemas the routes validate with. Bare body (no envelope).',
  tags: ['Health'],
  auth: 'none',
  rateLimit: 'none',
  usesDatabase: false,
  envelope: false,
  response: z.looseObject({ openapi: z.literal('3.1.0') }),
});
