import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { POST as postMessageRoute } from '@/app/v1/tasks/[id]/messages/route';
import { POST as withdraw } from '@/app/v1/tasks/[id]/withdraw/route';
import { getDatabase } from '@/db/client';
import { createWebhookEndpoint } from '@/lib/services/webhooks/create-webhook-endpoint';
import { call, uniqueIp } from '@/test/http';
import type { TestJson } from '@/test/json';
import { taskBetween, taskParties } from '@/test/tasks';
import { dispatchTo, receiverForFile, withPrivateUrls } from '@/test/webhooks';

// The events the task and message services emit, delivered end to end: who gets what.
const file = receiverForFile();

async function hookFor(ownerId: string, path: string) {
  const { db } = await getDatabase();
  return withPrivateUrls(() =>
    createWebhookEndpoint(db, { ownerId, livemode: false, input: { url: `${file.receiver.url}/${path}` } }),
  );
}

const deliveredTo = (path: string) =>
  file.receiver.received
    .filter((request) => request.path === `/hooks/${path}`)
    .map((request) => JSON.parse(request.body) as { type: string; data: Record<string, TestJson> });

describe('task events over webhooks', () => {
  it('a message reaches the other side only, never its sender; a transition reaches both sides', async () => {
    const parties = await taskParties();
    const task = await taskBetween(parties, 'accepted');
    const hooks = {
      agent: await hookFor(parties.agent.id, `agent-${task.id}`),
      operator: await hookFor(parties.operator.id, `operator-${task.id}`),
      worker: await hookFor(parties.worker.id, `worker-${task.id}`),
    };

    const fromWorker = await call(postMessageRoute, `/v1/tasks/${task.id}/messages`, {
      token: parties.worker.token,
      ip: uniqueIp(),
      params: { id: task.id },
      body: { body: 'On my way' },
    });
    expect(fromWorker.status).toBe(201);
    const fromOperator = await call(postMessageRoute, `/v1/tasks/${task.id}/messages`, {
      token: parties.operator.token,
      ip: uniqueIp(),
      params: { id: task.id },
      body: { body: 'Thanks, the door code is 1234' },
    });
    expect(fromOperator.status).toBe(201);
    const withdrawn = await call(withdraw, `/v1/tasks/${task.id}/withdraw`, {
      token: parties.worker.token,
      ip: uniqueIp(),
      params: { id: task.id },
    });
    expect(withdrawn.status).toBe(200);

    await dispatchTo(Object.values(hooks).map((hook) => hook.id));

    const bodies = (path: string) =>
      deliveredTo(path)
        .filter((event) => event.type === 'task.message.created')
        .map((event) => event.data.message.body);
    expect(bodies(`worker-${task.id}`)).toEqual(['Thanks, the door code is 1234']);
    expect(bodies(`agent-${task.id}`)).toEqual(['On my way']);
    expect(bodies(`operator-${task.id}`)).toEqual(['On my way']);

    for (const side of ['agent', 'operator', 'worker'] as const) {
      const posted = deliveredTo(`${side}-${task.id}`).filter((event) => event.type === 'task.posted');
      expect(posted, side).toHaveLength(1);
      expect(posted[0]?.data).toMatchObject({ previousStatus: 'accepted', task: { id: task.id, status: 'posted' } });
    }

    const signed = file.receiver.received.find((request) => request.path === `/hooks/agent-${task.id}`);
    if (!signed) throw new Error('nothing delivered to the agent');
    expect(new Webhook(hooks.agent.secret).verify(signed.body, signed.headers)).toBeTruthy();
  });
});
