import { sha256Hex } from '@/lib/auth/tokens';
import type { CreationKey } from '@/lib/services/tasks/insert-draft-task';
import { IDEMPOTENCY_HEADER } from './steps/idempotency';

// A retry after a crash (once the key's lock expired) finds the first attempt's work instead of redoing it.
export function creationKeyOf(request: Request, rawBody: string): CreationKey | undefined {
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return undefined;
  return { key: sha256Hex(key), requestHash: sha256Hex(rawBody) };
}
