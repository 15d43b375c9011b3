import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { tasks } from '@/db/schema';
import { toTaskResource } from '@/lib/services/tasks/to-task-resource';
import { createAgentViaApi, insertTask } from '@/test/agents';
import { call } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { GET } from './route';

const listTasks = (token: string, agentId: string, query?: Record<string, string>) =>
  call(GET, `/v1/operators/me/agents/${agentId}/tasks`, { token, params: { agentId }, query });

describe('GET /v1/operators/me/agents/{agentId}/tasks', () => {
  it('lists the tasks the agent created, newest first, as public task objects', async () => {
    const { token } = await signUpViaApi('op');
    const agent = await createAgentViaApi(token);
    const other = await createAgentViaApi(token, { name: 'Other' });
    const older = await insertTask(agent.id, { title: 'Older', instructions: 'Gate code 1234' });
    const newer = await insertTask(agent.id, { title: 'Newer', status: 'posted', livemode: false });
    await insertTask(other.id, { title: 'Not this agent’s' });

    const res = await listTasks(token, agent.id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [toTaskResource(newer), toTaskResource(older)],
      nextCursor: null,
      hasMore: false,
    });
    expect(res.json.data[1]).toEqual({
      id: older.id,
      title: 'Older',
      description: null,
      category: 'photography',
      location: null,
      budgetCents: 2_000,
      platformFeeCents: 300,
      totalCents: 2_300,
      currency: 'usd',
      deadline: older.deadline.toISOString(),
      requiredSkills: [],
      proofRequirements: [],
      proofRadiusMeters: 500,
      requiredChecks: [],
      autoApprove: 'never',
      autoApproveAfterMinutes: 60,
      status: 'draft',
      livemode: true,
      requesterId: agent.id,
      workerId: null,
      fundingSource: null,
      revisionCount: 0,
      proof: null,
      reviewDueAt: null,
      acceptedAt: null,
      submittedAt: null,
      completedAt: null,
      cancelledAt: null,
      cancellationFeeCents: null,
      cancellationPolicy: expect.objectContaining({
        ifCancelledNow: { reason: 'unassigned', feeCents: 0, refundCents: 0 },
      }),
      acceptBy: null,
      acceptWithinMinutes: null,
      publishedAt: null,
      createdAt: older.createdAt.toISOString(),
      updatedAt: older.updatedAt.toISOString(),
    });
    expect(res.text).not.toContain('Gate code');

    expect((await listTasks(token, other.id)).json.data).toHaveLength(1);
    const idle = await createAgentViaApi(token, { name: 'Idle' });
    expect((await listTasks(token, idle.id)).json).toEqual({ data: [], nextCursor: null, hasMore: false });
  });

  it('pages with cursors without skipping or repeating tasks created within one millisecond', async () => {
    const { token } = await signUpViaApi('op');
    const agent = await createAgentViaApi(token);
    const created = [];
    for (let n = 0; n < 5; n++) created.push(await insertTask(agent.id, { title: `Task ${n}` }));
    // The two newest tasks are 200 microseconds apart within one millisecond, and a page (of one) ends
    // between them: a cursor cut to milliseconds would skip one.
    const { db } = await getDatabase();
    const same = new Date(Date.now() + 60_000);
    const [a, b] = created;
    if (!a || !b) throw new Error('tasks missing');
    const inSameMs = (micros: number) =>
      sql`${same.toISOString()}::timestamptz + ${`${micros} microseconds`}::interval`;
    await db
      .update(tasks)
      .set({ createdAt: inSameMs(100) })
      .where(eq(tasks.id, a.id));
    await db
      .update(tasks)
      .set({ createdAt: inSameMs(300) })
      .where(eq(tasks.id, b.id));

    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await listTasks(token, agent.id, { limit: '1', ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      seen.push(...res.json.data.map((task: { id: string }) => task.id));
      expect(res.json.hasMore).toBe(res.json.nextCursor !== null);
      cursor = res.json.nextCursor ?? undefined;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect(seen.slice(0, 2).sort()).toEqual([a.id, b.id].sort());
    // Newest first; within one microsecond, by id. The order comes from the stored microseconds: the rows' Dates
    // hold milliseconds, so two tasks inserted within one millisecond would tie there and not in the database.
    const rest = await db
      .select({ id: tasks.id })
      .from(tasks)
      .where(sql`${tasks.id} in ${created.slice(2).map((task) => task.id)}`)
      .orderBy(sql`${tasks.createdAt} desc, ${tasks.id} desc`);
    expect(seen.slice(2)).toEqual(rest.map((task) => task.id));
  });
});
