import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { env } from '@/lib/env';
import { buildOpenApiDocument } from '@/lib/openapi/openapi';
import { openApiOperation } from '@/lib/schemas/openapi';

// GET /v1/openapi.json — this API described as OpenAPI 3.1.0
export const GET = route(openApiOperation, async () => buildOpenApiDocument(env().SITE_URL));

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
