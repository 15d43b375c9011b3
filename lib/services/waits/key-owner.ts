import type { Actor } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import type { WaitOwner } from './wait-owner';

/** The owner of the waits an API key makes. A `message` wait reads the thread, so it needs that scope too. */
export function keyOwner(actor: Actor, kind?: string): WaitOwner & { apiKeyId: string; userId: string } {
  if (actor.kind !== 'apiKey') throw new Error('a wait operation reached its handler without an API key');
  if (kind === 'message' && !actor.apiKey.scopes.includes('messages:read')) {
    throw new ApiError('FORBIDDEN', {
      message: 'This API key lacks the `messages:read` scope',
      hint: 'A message wait reads the thread: use a key that has this scope.',
      details: { requiredScope: 'messages:read' },
    });
  }
  return { apiKeyId: actor.apiKey.id, userId: actor.user.id };
}
