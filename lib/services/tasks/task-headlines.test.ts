import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { insertTask } from '@/test/agents';
import { signUpViaApi } from '@/test/sessions';
import { taskHeadlines } from './task-headlines';

describe('taskHeadlines', () => {
  it('gives each named task’s title, status and total, once per id, and skips unknown ids', async () => {
    const { db } = await getDatabase();
    const { userId } = await signUpViaApi('headlines');
    const first = await insertTask(userId, { title: 'Check the gate', status: 'disputed' });
    const second = await insertTask(userId, { title: 'Fetch the keys' });
    const headlines = await taskHeadlines(db, [first.id, second.id, first.id, randomUUID()]);
    expect(headlines.size).toBe(2);
    expect(headlines.get(first.id)).toEqual({
      id: first.id,
      title: 'Check the gate',
      status: 'disputed',
      totalCents: 2_300,
    });
    expect(headlines.get(second.id)?.title).toBe('Fetch the keys');
    expect(await taskHeadlines(db, [])).toEqual(new Map());
  });
});
