import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TASK_STATUSES } from '@/lib/schemas/tasks';
import { chargeForTask } from '@/lib/services/money/charge-for-task';
import { refundTask } from '@/lib/services/money/refund-task';
import { chargeTask, createAgentViaApi, insertTask, payWorker, receiveX402, refundCharge } from '@/test/agents';
import { call } from '@/test/http';
import { payerWithCard, paymentsSetup, withoutStripe } from '@/test/payments';
import { signUpViaApi } from '@/test/sessions';
import { GET as listAgents } from '../../route';
import { GET } from './route';

withoutStripe();

const spendingOf = (token: string, agentId: string) =>
  call(GET, `/v1/operators/me/agents/${agentId}/spending`, { token, params: { agentId } });

describe('GET /v1/operators/me/agents/{agentId}/spending', () => {
  it('is zero for an agent without tasks', async () => {
    const { token } = await signUpViaApi('op');
    const agent = await createAgentViaApi(token);
    const res = await spendingOf(token, agent.id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: { totalChargedCents: 0, totalSpentCents: 0, activeTaskCount: 0, completedTaskCount: 0 },
    });
  });

  it('sums charges and x402 receipts (gross) and net of refunds (spent) from the ledger and counts open and completed tasks', async () => {
    const { token, userId } = await signUpViaApi('op');
    const agent = await createAgentViaApi(token);
    const other = await createAgentViaApi(token, { name: 'Other' });

    // One task in every status; the open ones and the completed one are funded.
    const byStatus = new Map();
    for (const status of TASK_STATUSES) byStatus.set(status, await insertTask(agent.id, { status }));
    await chargeTask(byStatus.get('posted'), userId, 2_300);
    await receiveX402(byStatus.get('accepted'), 2_300);
    await chargeTask(byStatus.get('completed'), userId, 2_300);
    await payWorker(byStatus.get('completed'), randomUUID());
    // A cancelled test-mode task charged then refunded in full: gross charges still count it.
    const cancelled = await insertTask(agent.id, { status: 'cancelled', livemode: false });
    await chargeTask(cancelled, userId, 1_500);
    await refundCharge(cancelled, userId, 1_500);
    // Another agent's money does not count.
    await chargeTask(await insertTask(other.id, { status: 'posted' }), userId, 9_999);

    const res = await spendingOf(token, agent.id);
    expect(res.json).toEqual({
      data: {
        totalChargedCents: 2_300 * 3 + 1_500,
        totalSpentCents: 2_300 * 3,
        activeTaskCount: 4,
        completedTaskCount: 1,
      },
    });
    // The agents list shows the same net figure.
    const listed = await call(listAgents, '/v1/operators/me/agents', { token });
    expect(listed.json.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: agent.id, totalSpentCents: 2_300 * 3 })]),
    );
  });

  it('agrees with the real money flow: a card charge and a partial refund through the test-mode processor', async () => {
    const { token } = await signUpViaApi('op');
    const agent = await createAgentViaApi(token);
    const task = await insertTask(agent.id, { status: 'posted', livemode: false });
    const payer = await payerWithCard();
    const { db, processor } = await paymentsSetup();
    const input = { taskId: task.id, payerId: payer.id, amountCents: task.totalCents, description: 'Task' };
    await chargeForTask(db, processor, input);
    await refundTask(db, processor, { taskId: task.id, amountCents: 500, description: 'Partial refund' });

    expect((await spendingOf(token, agent.id)).json).toEqual({
      data: { totalChargedCents: 2_300, totalSpentCents: 1_800, activeTaskCount: 1, completedTaskCount: 0 },
    });
    // One definition of spent: the agents list and the agent's page agree.
    const listed = await call(listAgents, '/v1/operators/me/agents', { token });
    expect(listed.json.data).toEqual([expect.objectContaining({ id: agent.id, taskCount: 1, totalSpentCents: 1_800 })]);
  });
});
