import type { User } from '@/db/schema';
import type { ApiKeyMode } from './api-key-format';

export type ActorUser = {
  id: string;
  email: string | null;
  /** The human proved they own `email` (a verification or password-reset link); never an admin until then. */
  emailVerified: boolean;
  name: string | null;
  type: 'human' | 'agent';
  ownerId: string | null;
  createdAt: Date;
  /**
   * The verified phone number and the one waiting for its texted code, when the credential lookup loaded them
   * (so GET /v1/users/me needs no further query); absent elsewhere.
   */
  phones?: ActorPhones;
};

export type ActorPhones = { phone: string | null; phoneVerified: boolean; pendingPhone: string | null };

/** A `users` row as the caller it stands for. */
export function toActorUser(row: User): ActorUser {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    name: row.name,
    type: row.type,
    ownerId: row.ownerId,
    createdAt: row.createdAt,
  };
}

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

/** The browser or API session of an operation declared `auth: 'session'` (the pipeline lets no other caller in). */
export function sessionOf(actor: Actor): { user: ActorUser; sessionId: string } {
  if (actor.kind !== 'session') throw new Error('a session operation reached its handler without a session');
  return actor;
}
