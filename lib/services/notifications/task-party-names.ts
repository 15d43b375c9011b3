import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type Task, users, workerProfiles } from '@/db/schema';

export type TaskPartyNames = { requester: string; worker: string | null };

export async function taskPartyNames(
  db: Executor,
  task: Pick<Task, 'requesterId' | 'workerId'>,
): Promise<TaskPartyNames> {
  const ids = [task.requesterId, task.workerId].filter((id): id is string => id !== null);
  const [people, profile] = await Promise.all([
    db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)),
    task.workerId
      ? db
          .select({ displayName: workerProfiles.displayName })
          .from(workerProfiles)
          .where(eq(workerProfiles.userId, task.workerId))
      : [],
  ]);
  const nameOf = (id: string | null) => people.find((person) => person.id === id)?.name?.trim() || null;
  return {
    requester: nameOf(task.requesterId) ?? 'Requester',
    worker: task.workerId ? profile[0]?.displayName?.trim() || (nameOf(task.workerId) ?? 'Worker') : null,
  };
}
