import type { ApiKeyMode } from './api-key-format';

export type ActorUser = {
  id: string;
  email: string | null;
  name: string | null;
  type: 'human' | 'agent';
  ownerId: string | null;
  createdAt: Date;
};

export type Actor =
  | { kind: 'anonymous' }
  | { kind: 'session'; user: ActorUser; sessionId: string }
  | {
      kind: 'apiKey';
      user: ActorUser;
      apiKey: { id: string; scopes: string[]; mode: ApiKeyMode; rateLimitPerMinute: number };
    };

/** Who the rate limiter and idempotency store count this caller as. */
export function principalOf(actor: Actor, ip: string): string {
  if (actor.kind === 'anonymous') return `ip:${ip}`;
  return `user:${actor.user.id}`;
}
