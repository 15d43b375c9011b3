import { env } from '@/lib/env';
import { type Actor, type ActorUser, userOf } from './actor';

/** The credential a request acted with, as the admin audit log records it: a session row's or an API key's id. */
export type Credential = { kind: 'session' | 'api_key'; id: string };

/** Who is calling and with which credential: what an admin check needs. */
export type Caller = { user: ActorUser; credential: Credential };

/**
 * The account holds the admin role: its email is listed in ADMIN_EMAILS and verified (DESIGN §4 "Users, sessions,
 * roles"), so signing up with a listed address proves nothing until the link emailed to it is opened. The role alone
 * grants nothing: it is shown (`roles: ['admin']`) and shields the account from other admins; powers check
 * `isAdminCaller`.
 */
export function hasAdminRole(user: Pick<ActorUser, 'email' | 'emailVerified'>): boolean {
  return user.email !== null && user.emailVerified && env().ADMIN_EMAILS.includes(user.email);
}

/**
 * The one admin check (routes, services, pages): an admin user acting through a session. An admin's API key is an
 * ordinary operator key, so a key that leaks, or that a squatter minted before the owner took the address back,
 * never carries admin power.
 */
export function isAdminCaller({
  user,
  credential,
}: Pick<Caller, 'credential'> & { user: Parameters<typeof hasAdminRole>[0] }) {
  return credential.kind === 'session' && hasAdminRole(user);
}

/** The authenticated caller of an operation with its credential (the pipeline never lets an anonymous one in). */
export function callerOf(actor: Actor): Caller {
  const user = userOf(actor);
  if (actor.kind === 'session') return { user, credential: { kind: 'session', id: actor.sessionId } };
  if (actor.kind === 'apiKey') return { user, credential: { kind: 'api_key', id: actor.apiKey.id } };
  throw new Error('unreachable: userOf refuses an anonymous actor');
}
