import type { z } from 'zod';
import { validationError } from './api-error';

// Reading a provider webhook's verified body: malformed JSON or a field that does not fit is a 400
// VALIDATION_ERROR naming the field (under `prefix` for a nested part), never a 500.

export function parseProviderJson(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    throw validationError([{ path: [], message: 'Malformed JSON' }]);
  }
}

export function checkProviderPayload<T>(result: z.ZodSafeParseResult<T>, prefix: string[] = []): T {
  if (result.success) return result.data;
  throw validationError(
    result.error.issues.map((issue) => ({ path: [...prefix, ...issue.path.map(String)], message: issue.message })),
  );
}
