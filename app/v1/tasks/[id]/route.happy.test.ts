import { describe, expect, it } from 'vitest';
import { call } from '@/test/http';
import { escrowBalance, withoutStripe } from '@/test/payments';
import { expectEndedTasksSettled, fundedParties, taskInStatus, taskRow } from '@/test/tasks';
import { PATCH as updateTask } from './route';

withoutStripe();
expectEndedTasksSettled();

describe('PATCH /v1/tasks/{id}', () => {
  it('changes a draft: the fields sent, the price recomputed from a new budget', async () => {
    const parties = await fundedParties();
    const draft = await taskInStatus(parties, 'draft');
    const deadline = new Date(Date.now() + 5 * 24 * 3_600_000).toISOString();
    const res = await call(updateTask, `/v1/tasks/${draft.id}`, {
      params: { id: draft.id },
      token: parties.requester.token,
      body: {
        title: 'Photograph two storefronts',
        budgetCents: 4_000,
        deadline,
        location: null,
        proofRequirements: ['photo', 'photo', 'text'],
        instructions: 'Ask for Jonas.',
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({
      id: draft.id,
      status: 'draft',
      title: 'Photograph two storefronts',
      budgetCents: 4_000,
      platformFeeCents: 600,
      totalCents: 4_600,
      deadline,
      location: null,
      proofRequirements: ['photo', 'text'],
      instructions: 'Ask for Jonas.',
      // Untouched fields stay.
      description: draft.description,
      category: draft.category,
    });
    const row = await taskRow(draft.id);
    expect(row).toMatchObject({ title: 'Photograph two storefronts', totalCents: 4_600, lat: null, lng: null });
  });

  it('changes a posted task’s text, leaving its funding alone', async () => {
    const parties = await fundedParties();
    const task = await taskInStatus(parties, 'posted');
    const res = await call(updateTask, `/v1/tasks/${task.id}`, {
      params: { id: task.id },
      token: parties.requester.token,
      body: { description: 'Only the shop front.', location: { lat: 52.5, lng: 13.42, address: 'Next door' } },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({
      status: 'posted',
      description: 'Only the shop front.',
      location: { lat: 52.5, lng: 13.42, address: 'Next door' },
      totalCents: 2_300,
    });
    expect(await escrowBalance(task.id)).toBe(2_300);
  });
});
