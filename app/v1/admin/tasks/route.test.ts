import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { disputes } from '@/db/schema';
import { adminForFile } from '@/test/admin';
import { insertTask } from '@/test/agents';
import { validationEnvelope } from '@/test/expect';
import { insertUser } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { GET as listTasks } from './route';

const admin = adminForFile();

const list = (query: Record<string, string>) =>
  call(listTasks, '/v1/admin/tasks', { token: admin.token, query, ip: uniqueIp() });
const ids = (res: Awaited<ReturnType<typeof list>>) => res.json.data.map((task: { id: string }) => task.id);

describe('GET /v1/admin/tasks', () => {
  it('lists every requester’s tasks in both modes, by title or id and status, with parties and dispute', async () => {
    const { db } = await getDatabase();
    const tag = randomBytes(5).toString('hex');
    const requester = await insertUser(db, { name: 'Rhea' });
    const worker = await insertUser(db, { name: 'Wim' });
    const posted = await insertTask(requester.id, { title: `Posted ${tag}`, status: 'posted', livemode: false });
    const disputed = await insertTask(requester.id, {
      title: `Disputed ${tag}`,
      status: 'disputed',
      workerId: worker.id,
    });
    const [dispute] = await db
      .insert(disputes)
      .values({ taskId: disputed.id, openedById: requester.id, openedBy: 'requester', reason: 'Not done' })
      .returning();

    const all = await list({ q: tag });
    expect(all.status, all.text).toBe(200);
    expect(ids(all)).toEqual([disputed.id, posted.id]);
    expect(all.json.data[0]).toEqual({
      id: disputed.id,
      title: `Disputed ${tag}`,
      status: 'disputed',
      requester: { id: requester.id, email: requester.email, name: 'Rhea' },
      worker: { id: worker.id, name: 'Wim' },
      budgetCents: 2_000,
      totalCents: disputed.totalCents,
      livemode: true,
      createdAt: disputed.createdAt.toISOString(),
      disputeId: dispute?.id,
    });
    expect(all.json.data[1]).toMatchObject({ worker: null, disputeId: null, livemode: false });

    expect(ids(await list({ q: tag, status: 'posted' }))).toEqual([posted.id]);
    expect(ids(await list({ q: posted.id }))).toEqual([posted.id]);
    const first = await list({ q: tag, limit: '1' });
    expect(ids(first)).toEqual([disputed.id]);
    expect(ids(await list({ q: tag, limit: '1', cursor: first.json.nextCursor }))).toEqual([posted.id]);
    expect((await list({ status: 'nonsense' })).status).toBe(400);
  });

  it('a NUL in `q` is 400 VALIDATION_ERROR naming it, not a 500 from Postgres (found by test/fuzz)', async () => {
    const res = await list({ q: 'a\u0000b' });
    expect(res.status, res.text).toBe(400);
    expect(res.json).toEqual(
      validationEnvelope([{ path: ['q'], message: 'Must not contain NUL (\\u0000) characters' }]),
    );
  });
});
