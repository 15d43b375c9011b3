import { ApiError } from '@/lib/errors/api-error';
import { createRequestContext } from './request-context';
import { toResponse } from './respond';

/** The error envelope instead of Next's HTML 404 page. */
export function noSuchEndpoint(request: Request): Response {
  const error = new ApiError('NOT_FOUND', {
    message: 'No such API endpoint',
    hint: 'See /v1/openapi.json for every endpoint of this API.',
  });
  return toResponse(
    { status: error.status, body: error.toBody() },
    { 'X-Request-Id': createRequestContext(request).requestId },
  );
}

export function methodNotAllowed(request: Request, allow: readonly string[], method = request.method): Response {
  const error = new ApiError('METHOD_NOT_ALLOWED', {
    message: `${method} is not allowed on this path`,
    hint: `Use ${allow.join(' or ')}; see /v1/openapi.json.`,
  });
  return toResponse(
    { status: error.status, body: error.toBody() },
    { 'X-Request-Id': createRequestContext(request).requestId, Allow: allow.join(', ') },
  );
}
