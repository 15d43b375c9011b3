import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { ApiError, type ValidationIssue, validationError } from '@/lib/errors/api-error';
import type { Operation } from '@/lib/schemas/operation';
import { MAX_UPLOAD_BODY_BYTES } from '@/lib/services/uploads/upload-limits';

export const MAX_BODY_BYTES = 1024 * 1024;

export type ParsedInput = {
  body: unknown;
  query: unknown;
  params: unknown;
  rawBody: string;
  form: FormData | undefined;
};

type RouteContext = { params?: Promise<Record<string, string | string[] | undefined>> };

export async function parseInput(
  operation: Operation,
  request: Request,
  routeContext: RouteContext,
): Promise<ParsedInput> {
  const params = await parseParams(operation, routeContext);
  const query = operation.query
    ? validate(operation.query, Object.fromEntries(new URL(request.url).searchParams))
    : undefined;
  const none = { body: undefined, query, params, rawBody: '', form: undefined };
  if (operation.multipart) {
    const form = await readForm(request);
    return { ...none, form, rawBody: await digestForm(form) };
  }
  if (operation.rawBody) return { ...none, rawBody: decode(await readBytes(request, { anyType: true })) };
  if (!operation.body) return none;
  const rawBody = decode(await readBytes(request));
  return { ...none, body: validate(operation.body, parseJsonObject(rawBody)), rawBody };
}

const TOO_LARGE_FILE = () =>
  new ApiError('PAYLOAD_TOO_LARGE', { hint: 'Files are limited to 10 MB; send a smaller or more compressed image.' });

export async function readForm(request: Request): Promise<FormData> {
  const contentType = request.headers.get('content-type') ?? '';
  const notMultipart = validationError([
    { path: ['file'], message: 'Send the file as multipart/form-data with one `file` field' },
  ]);
  if (!/^multipart\/form-data\b/i.test(contentType)) throw notMultipart;
  const bytes = await readBytes(request, { anyType: true, limit: MAX_UPLOAD_BODY_BYTES, tooLarge: TOO_LARGE_FILE });
  try {
    return await new Response(new Uint8Array(bytes), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw notMultipart;
  }
}

async function parseParams(operation: Operation, routeContext: RouteContext): Promise<unknown> {
  if (!operation.params) return undefined;
  const result = operation.params.safeParse((await routeContext.params) ?? {});
  // A malformed id can name no object, so it is reported like an unknown one.
  if (!result.success) throw new ApiError('NOT_FOUND');
  return result.data;
}

export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationError(result.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })));
}

type ReadOptions = { anyType?: boolean; limit?: number; tooLarge?: () => ApiError };

async function readBytes(
  request: Request,
  { anyType = false, limit = MAX_BODY_BYTES, tooLarge = () => new ApiError('PAYLOAD_TOO_LARGE') }: ReadOptions = {},
): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);

  const contentType = request.headers.get('content-type') ?? '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  if (!anyType && size > 0 && !/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
  }
  return Buffer.concat(chunks);
}

const decode = (bytes: Buffer) => new TextDecoder('utf-8', { fatal: false }).decode(bytes);

// Not the bytes themselves: a client's retry may use another boundary.
export async function digestForm(form: FormData): Promise<string> {
  const parts: string[] = [];
  for (const [name, value] of form.entries()) {
    const content = typeof value === 'string' ? value : Buffer.from(await value.arrayBuffer());
    parts.push(`${name}=${createHash('sha256').update(content).digest('hex')}`);
  }
  return `multipart:${parts.join('&')}`;
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
