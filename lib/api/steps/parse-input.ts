import type { z } from 'zod';
import { ApiError, type ValidationIssue, validationError } from '../errors';
import type { Operation } from '../operation';

export const MAX_BODY_BYTES = 1024 * 1024;

export type ParsedInput = { body: unknown; query: unknown; params: unknown; rawBody: string };

type RouteContext = { params?: Promise<Record<string, string | string[] | undefined>> };

/** Step 3: path params, query string and JSON body, each through the operation's zod schema. */
export async function parseInput(
  operation: Operation,
  request: Request,
  routeContext: RouteContext,
): Promise<ParsedInput> {
  const params = await parseParams(operation, routeContext);
  const query = operation.query
    ? validate(operation.query, Object.fromEntries(new URL(request.url).searchParams))
    : undefined;
  if (operation.rawBody) return { body: undefined, query, params, rawBody: await readBody(request, { anyType: true }) };
  if (!operation.body) return { body: undefined, query, params, rawBody: '' };
  const rawBody = await readBody(request);
  return { body: validate(operation.body, parseJsonObject(rawBody)), query, params, rawBody };
}

async function parseParams(operation: Operation, routeContext: RouteContext): Promise<unknown> {
  if (!operation.params) return undefined;
  const result = operation.params.safeParse((await routeContext.params) ?? {});
  // A malformed id can name no object, so it is reported like an unknown one.
  if (!result.success) throw new ApiError('NOT_FOUND');
  return result.data;
}

function validate(schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationError(result.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })));
}

async function readBody(request: Request, { anyType = false } = {}): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw new ApiError('PAYLOAD_TOO_LARGE');
  if (!request.body) return '';

  const contentType = request.headers.get('content-type') ?? '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw new ApiError('PAYLOAD_TOO_LARGE');
    }
    chunks.push(value);
  }
  if (!anyType && size > 0 && !/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}

function parseJsonObject(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof RangeError ? 'JSON is nested too deeply' : 'Malformed JSON';
    throw validationError([{ path: [], message: reason }]);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const issue: ValidationIssue = { path: [], message: 'The request body must be a JSON object' };
    throw validationError([issue]);
  }
  return value as Record<string, unknown>;
}
