import { createRequestContext } from '@/lib/api/request-context';
import { toResponse } from '@/lib/api/respond';
import { ApiError } from '@/lib/errors/api-error';

// Any /v1 path without a route: the error envelope instead of Next's HTML 404 page.
function notFound(request: Request): Response {
  const error = new ApiError('NOT_FOUND', {
    message: 'No such API endpoint',
    hint: 'See /v1/openapi.json for every endpoint of this API.',
  });
  return toResponse(
    { status: error.status, body: error.toBody() },
    { 'X-Request-Id': createRequestContext(request).requestId },
  );
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
