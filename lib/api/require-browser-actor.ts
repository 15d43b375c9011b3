import type { ActorUser } from '@/lib/auth/actor';
import { requireBrowserUser } from './require-browser-user';

/** The signed-in human as the task services take a caller (browser users are humans: no owner). */
export async function requireBrowserActor(next: string): Promise<ActorUser> {
  const { user } = await requireBrowserUser(next);
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
