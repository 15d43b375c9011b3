import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import type { ActorUser } from '@/lib/auth/actor';
import { getProcessor } from '@/lib/payments/get-processor';
import { taskBodySchema } from '@/lib/schemas/tasks';
import { postMessage } from '@/lib/services/messages/post-message';
import { fundedParties, taskBody } from '@/test/tasks';
import { acceptTask } from './accept-task';
import { approveTask } from './approve-task';
import { createTask } from './create-task';
import { requestRevision } from './request-revision';
import { submitProof } from './submit-proof';
import { taskTimeline } from './task-timeline';

const human = (id: string): ActorUser => ({
  id,
  email: null,
  emailVerified: false,
  name: null,
  type: 'human',
  ownerId: null,
  createdAt: new Date(),
});

describe('taskTimeline', () => {
  it('lists creation, then every transition in order with its previous status and reason, and no message events', async () => {
    const database = await getDatabase();
    const { db } = database;
    const parties = await fundedParties();
    const agent: ActorUser = { ...human(parties.agent.id), type: 'agent', ownerId: parties.requester.id };
    const worker = human(parties.worker.id);
    const outcome = await createTask(db, {
      processor: getProcessor(db),
      user: agent,
      viaApiKey: true,
      x402: { resource: 'http://localhost:3000/v1/tasks', payment: null },
      body: taskBodySchema.parse(taskBody({ proofRequirements: ['text'] })),
    });
    if (outcome.kind !== 'posted') throw new Error(`not posted: ${outcome.kind}`);
    const taskId = outcome.task.id;
    await acceptTask(db, { user: worker, taskId });
    await postMessage(database, { userId: worker.id, taskId, body: 'On my way' });
    await submitProof(db, { user: worker, taskId, proof: { note: 'Done' } });
    await requestRevision(db, { user: human(parties.requester.id), taskId, reason: 'Sharper, please' });
    await submitProof(db, { user: worker, taskId, proof: { note: 'Done again' } });
    const { task } = await approveTask(db, agent, taskId);

    const timeline = await taskTimeline(db, task);
    expect(timeline.map((entry) => [entry.status, entry.previousStatus, entry.reason])).toEqual([
      ['created', null, null],
      ['posted', 'draft', null],
      ['accepted', 'posted', null],
      ['submitted', 'accepted', null],
      ['accepted', 'submitted', 'Sharper, please'],
      ['submitted', 'accepted', null],
      ['completed', 'submitted', null],
    ]);
    expect(timeline[0]?.at).toBe(task.createdAt.toISOString());
    const times = timeline.map((entry) => entry.at);
    expect([...times].sort()).toEqual(times);
    expect(new Set(timeline.map((entry) => entry.id)).size).toBe(timeline.length);
  });
});
