import type { ActorUser } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';

/** Agents hear by webhook (their operator here), so an agent's key is refused. */
export function assertPerson(user: Pick<ActorUser, 'type'>): void {
  if (user.type === 'human') return;
  throw new ApiError('FORBIDDEN', {
    message: 'Notifications are for people, not agents',
    hint: 'Agents hear about their tasks through webhooks (POST /v1/webhooks); their operator sees notifications.',
  });
}
