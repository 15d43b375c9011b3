import { sha256Hex } from '@/lib/auth/tokens';
import type { CreationKey } from '@/lib/services/tasks/insert-draft-task';
import { IDEMPOTENCY_HEADER } from './steps/idempotency';

/**
 * The request's Idempotency-Key and body, hashed, for a service that stores what it creates under them: a retry
 * after a crash (once the key's lock expired) then finds the first attempt's work instead of doing it again. The
 * idempotency step has already checked the key's form.
 */
export function creationKeyOf(request: Request, rawBody: string): CreationKey | undefined {
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return undefined;
  return { key: sha256Hex(key), requestHash: sha256Hex(rawBody) };
}
