// Shared by the benchmarks of the message thread: an operator, its agent and a worker, each key without a rate
// limit, and tasks the agent requested that the worker has accepted.
import { openDatabase } from '../db/client';
import { apiKeys, taskAssignments, tasks, users } from '../db/schema';
import { generateApiKey } from '../lib/auth/api-key-format';
import { priceTask } from '../lib/tasks/task-rules';

export type AcceptedTasks = {
  agentId: string;
  agentKey: string;
  workerId: string;
  workerKey: string;
  taskIds: string[];
};

/** Applies the migrations, then seeds `count` accepted test-mode tasks; both keys carry `scopes`. */
export async function seedAcceptedTasks(url: string, count: number, scopes: string[]): Promise<AcceptedTasks> {
  const database = await openDatabase({ driver: 'pg', url });
  const { db } = database;
  // Verified, as the routes that register webhooks and keys require.
  const verified = new Date();
  const [operator] = await db
    .insert(users)
    .values({ email: 'operator@bench.example', name: 'Operator', emailVerifiedAt: verified })
    .returning();
  const [agent] = await db
    .insert(users)
    .values({ type: 'agent', ownerId: operator?.id ?? null, name: 'Agent' })
    .returning();
  const [worker] = await db
    .insert(users)
    .values({ email: 'worker@bench.example', name: 'Worker', emailVerifiedAt: verified })
    .returning();
  if (!agent || !worker) throw new Error('seed failed');
  const key = async (userId: string) => {
    const generated = generateApiKey('test');
    await db.insert(apiKeys).values({
      userId,
      name: 'bench',
      keyHash: generated.keyHash,
      keyPrefix: generated.keyPrefix,
      keySuffix: generated.keySuffix,
      mode: generated.mode,
      scopes,
      rateLimitPerMinute: 1_000_000_000,
    });
    return generated.key;
  };
  // In chunks: one insert of ten thousand rows would pass PostgreSQL's 65,535 bind parameters.
  const rows: { id: string }[] = [];
  for (let from = 0; from < count; from += 1_000) {
    const chunk = Array.from({ length: Math.min(1_000, count - from) }, (_, i) => ({
      requesterId: agent.id,
      workerId: worker.id,
      title: `Bench task ${from + i}`,
      category: 'errands',
      ...priceTask(2_000),
      deadline: new Date(Date.now() + 7 * 86_400_000),
      status: 'accepted' as const,
      acceptedAt: new Date(),
      livemode: false,
    }));
    rows.push(...(await db.insert(tasks).values(chunk).returning({ id: tasks.id })));
  }
  const taskIds = rows.map((row) => row.id);
  // Accepted as accept leaves them: with the worker's current assignment, which each posted message is stamped with.
  for (let from = 0; from < taskIds.length; from += 5_000) {
    const chunk = taskIds.slice(from, from + 5_000);
    await db.insert(taskAssignments).values(chunk.map((taskId) => ({ taskId, workerId: worker.id })));
  }
  const seeded = {
    agentId: agent.id,
    agentKey: await key(agent.id),
    workerId: worker.id,
    workerKey: await key(worker.id),
    taskIds,
  };
  await database.close();
  return seeded;
}
