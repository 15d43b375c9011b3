import { describe, expect, it } from 'vitest';
import { POST as createTask } from '@/app/v1/tasks/route';
import { disputedTask, resolveById } from '@/test/disputes';
import { call, uniqueIp } from '@/test/http';
import { intakeAdminForFile } from '@/test/intake';
import { withoutStripe } from '@/test/payments';
import { callAction, expectEndedTasksSettled, fundedParties, lifecycleBody } from '@/test/tasks';
import { GET as list } from './route';

withoutStripe();
expectEndedTasksSettled();
const admin = intakeAdminForFile();

const listAs = (token: string, query: Record<string, string> = {}) =>
  call(list, '/v1/disputes', { token, ip: uniqueIp(), query });
const idsOf = (res: { json: { data: { id: string }[] } }) => res.json.data.map((dispute) => dispute.id);

describe('GET /v1/disputes', () => {
  it('shows each side its own disputes, oldest first, paged with a cursor', async () => {
    const mine = await fundedParties();
    const theirs = await fundedParties();
    const first = await disputedTask(mine);
    const second = await disputedTask(mine, { by: 'requester' });
    const third = await disputedTask(mine);
    const foreign = await disputedTask(theirs);
    const order = [first, second, third].map(({ dispute }) => dispute.id);

    for (const token of [mine.requester.token, mine.worker.token]) {
      expect(idsOf(await listAs(token))).toEqual(order);
    }
    expect(idsOf(await listAs(theirs.worker.token))).toEqual([foreign.dispute.id]);

    const page = await listAs(mine.worker.token, { limit: '2' });
    expect(idsOf(page)).toEqual(order.slice(0, 2));
    expect(page.json.nextCursor).toEqual(expect.any(String));
    const rest = await listAs(mine.worker.token, { limit: '2', cursor: page.json.nextCursor });
    expect(idsOf(rest)).toEqual(order.slice(2));
    expect(rest.json.nextCursor).toBeNull();
    expect(rest.json.data[0]).toMatchObject({ taskId: third.task.id, status: 'open', evidence: [], resolution: null });
  });

  it('filters by status', async () => {
    const parties = await fundedParties();
    const open = await disputedTask(parties);
    const closed = await disputedTask(parties);
    expect((await resolveById(closed.dispute.id, admin.token, { outcome: 'refund', note: 'Refunded.' })).status).toBe(
      200,
    );
    expect(idsOf(await listAs(parties.worker.token, { status: 'open' }))).toEqual([open.dispute.id]);
    const resolved = await listAs(parties.requester.token, { status: 'resolved' });
    expect(idsOf(resolved)).toEqual([closed.dispute.id]);
    expect(resolved.json.data[0].resolution).toMatchObject({ outcome: 'refund', refundCents: 2_300 });
    expect((await listAs(parties.worker.token, { status: 'closed' })).status).toBe(400);
  });

  it('an agent sees the disputes of its tasks; an admin sees everyone’s, oldest first', async () => {
    const parties = await fundedParties();
    const created = await call(createTask, '/v1/tasks', { token: parties.agent.token, body: lifecycleBody() });
    expect(created.status, created.text).toBe(201);
    const taskId = created.json.data.id as string;
    expect((await callAction('accept', taskId, parties.worker.token)).status).toBe(200);
    expect((await callAction('dispute', taskId, parties.agent.token)).status).toBe(200);
    const agentView = await listAs(parties.agent.token);
    expect(agentView.json.data.map((dispute: { taskId: string }) => dispute.taskId)).toEqual([taskId]);
    expect(agentView.json.data[0].openedBy).toBe('requester');
    const operatorView = await listAs(parties.requester.token);
    expect(idsOf(operatorView)).toEqual(idsOf(agentView));

    const other = await disputedTask(await fundedParties());
    // The database is shared with other test files: page through everything the admin sees.
    const seen: { id: string; createdAt: string }[] = [];
    let cursor: string | null = null;
    do {
      const res = await listAs(admin.token, { limit: '100', status: 'open', ...(cursor ? { cursor } : {}) });
      expect(res.status, res.text).toBe(200);
      seen.push(...res.json.data);
      cursor = res.json.nextCursor;
    } while (cursor);
    const ids = seen.map((dispute) => dispute.id);
    expect(ids).toEqual(expect.arrayContaining([...idsOf(agentView), other.dispute.id]));
    const times = seen.map((dispute) => Date.parse(dispute.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});
