import { getDatabase } from '@/db/client';
import { apiRequestLog } from '@/db/schema';
import { createAgentViaApi } from './agents';
import { insertApiKey } from './factories';
import { signUpViaApi } from './sessions';

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

type Row = { keyId: string; userId: string; route?: string; status?: number; latencyMs?: number; ago?: number };

/** Usage-log rows written straight to the table (`ago` in ms before now), oldest first in the insert. */
export async function insertUsage(rows: Row[]) {
  const { db } = await getDatabase();
  const now = Date.now();
  await db.insert(apiRequestLog).values(
    rows.map((row) => ({
      apiKeyId: row.keyId,
      userId: row.userId,
      method: 'GET',
      route: row.route ?? '/v1/tasks',
      status: row.status ?? 200,
      latencyMs: row.latencyMs ?? 10,
      ip: '203.0.113.7',
      createdAt: new Date(now - (row.ago ?? 0)),
    })),
  );
}

/** An operator with a key of its own and one agent (with its key). */
export async function operatorWithAgent(label = 'op') {
  const operator = await signUpViaApi(label);
  const agent = await createAgentViaApi(operator.token);
  const { db } = await getDatabase();
  const own = await insertApiKey(db, { userId: operator.userId });
  return { ...operator, agent, ownKeyId: own.row.id, ownKey: own.key };
}
