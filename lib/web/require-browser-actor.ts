import type { ActorUser } from '@/lib/auth/actor';
import type { Caller } from '@/lib/auth/admin';
import { requireBrowserUser } from './require-browser-user';

type BrowserUser = Awaited<ReturnType<typeof requireBrowserUser>>['user'];

/** The signed-in human as the task services take a caller (browser users are humans: no owner). */
export async function requireBrowserActor(next: string): Promise<ActorUser> {
  return browserActorOf((await requireBrowserUser(next)).user);
}

export function browserActorOf(user: BrowserUser): ActorUser {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    name: user.name,
    type: user.type,
    ownerId: null,
    createdAt: new Date(user.createdAt),
  };
}

/** The signed-in human with the browser's session, for services that check who acts as an admin. */
export async function requireBrowserCaller(next: string): Promise<Caller> {
  const { user, sessionId } = await requireBrowserUser(next);
  return { user: browserActorOf(user), credential: { kind: 'session', id: sessionId } };
}
