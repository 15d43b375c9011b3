import { ApiError } from '@/lib/errors/api-error';
import type { HttpMethod } from '@/lib/schemas/operation';
import { createRequestContext } from './request-context';
import { toResponse } from './respond';
import type { RouteHandler } from './route';

const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export type MethodNotAllowedHandler = ((request: Request) => Response) & { methodNotAllowed: true };

/**
 * Handlers for the methods a route file does not implement: 405 in the error envelope with an `Allow`
 * header, instead of Next.js's empty 405. Use: `export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });`
 */
export function otherMethods(
  implemented: Partial<Record<HttpMethod, RouteHandler>>,
): Record<HttpMethod, MethodNotAllowedHandler> {
  const allow = METHODS.filter((method) => method in implemented);
  const handler = (request: Request): Response => {
    const error = new ApiError('METHOD_NOT_ALLOWED', {
      message: `${request.method} is not allowed on this path`,
      hint: `Use ${allow.join(' or ')}; see /v1/openapi.json.`,
    });
    return toResponse(
      { status: error.status, body: error.toBody() },
      { 'X-Request-Id': createRequestContext(request).requestId, Allow: allow.join(', ') },
    );
  };
  const refuse = Object.assign(handler, { methodNotAllowed: true as const });
  return Object.fromEntries(METHODS.map((method) => [method, refuse])) as Record<HttpMethod, MethodNotAllowedHandler>;
}
