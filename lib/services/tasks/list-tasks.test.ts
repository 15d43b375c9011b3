import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { tasks } from '@/db/schema';
import { priceTask } from '@/lib/tasks/task-rules';
import { insertUser } from '@/test/factories';
import { listTasks } from './list-tasks';

const DAY = 24 * 3_600_000;

async function scene() {
  const { db } = await getDatabase();
  const operator = await insertUser(db, { type: 'human' });
  const agent = await insertUser(db, { type: 'agent', ownerId: operator.id, email: null });
  const insert = async (requesterId: string, title: string, values: Partial<typeof tasks.$inferInsert> = {}) => {
    const [task] = await db
      .insert(tasks)
      .values({
        requesterId,
        title,
        category: 'errands',
        ...priceTask(1_000),
        deadline: new Date(Date.now() + 3 * DAY),
        livemode: false,
        ...values,
      })
      .returning();
    if (!task) throw new Error('task insert failed');
    return task;
  };
  return { db, operator, agent, insert };
}

describe('listTasks filters', () => {
  it('filters the requester’s tasks by requester, status, creation date and title', async () => {
    const { db, operator, agent, insert } = await scene();
    const old = await insert(operator.id, 'Photograph the old shelf', { createdAt: new Date(Date.now() - 10 * DAY) });
    const mine = await insert(operator.id, 'Pick up a 100% parcel', { status: 'posted' });
    const agents = await insert(agent.id, 'Photograph the new shelf', { status: 'submitted' });
    const titles = async (query: Omit<Parameters<typeof listTasks>[2], 'limit'>) =>
      (await listTasks(db, operator.id, { limit: 50, role: 'requester', ...query })).data.map((task) => task.id);

    expect(await titles({})).toEqual([agents.id, mine.id, old.id]);
    expect(await titles({ requesterId: agent.id })).toEqual([agents.id]);
    expect(await titles({ requesterId: operator.id })).toEqual([mine.id, old.id]);
    expect(await titles({ status: ['submitted'] })).toEqual([agents.id]);
    expect(await titles({ search: 'PHOTOGRAPH' })).toEqual([agents.id, old.id]);
    // `%` and `_` match themselves.
    expect(await titles({ search: '100%' })).toEqual([mine.id]);
    expect(await titles({ search: '%' })).toEqual([mine.id]);
    expect(await titles({ search: 'shel_' })).toEqual([]);
    const fiveDaysAgo = new Date(Date.now() - 5 * DAY).toISOString();
    expect(await titles({ createdFrom: fiveDaysAgo })).toEqual([agents.id, mine.id]);
    expect(await titles({ createdBefore: fiveDaysAgo })).toEqual([old.id]);
    // Another user's agent is never a requester of the caller's list.
    const stranger = await insertUser(db, { type: 'human' });
    expect(await titles({ requesterId: stranger.id })).toEqual([]);
  });

  it('pages a filtered list with its cursor', async () => {
    const { db, operator, insert } = await scene();
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(await insert(operator.id, `Shelf ${i}`, { createdAt: new Date(Date.now() - i * 1_000) }));
    await insert(operator.id, 'Other');
    const first = await listTasks(db, operator.id, { limit: 2, role: 'requester', search: 'shelf' });
    expect(first.data.map((task) => task.id)).toEqual([made[0]?.id, made[1]?.id]);
    expect(first.nextCursor).not.toBeNull();
    const second = await listTasks(db, operator.id, {
      limit: 2,
      role: 'requester',
      search: 'shelf',
      cursor: first.nextCursor ?? undefined,
    });
    expect(second.data.map((task) => task.id)).toEqual([made[2]?.id]);
    expect(second.nextCursor).toBeNull();
  });
});
