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

/** The calling user of an authenticated operation (the pipeline never lets an anonymous caller reach it). */
export function userOf(actor: Actor): ActorUser {
  if (actor.kind === 'anonymous') throw new Error('an authenticated operation reached its handler without an actor');
  return actor.user;
}
