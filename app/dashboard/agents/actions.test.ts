import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { getDatabase } from '@/db/client';
import { users } from '@/db/schema';
import { MIN_SPENDING_LIMIT_CENTS } from '@/lib/schemas/agents';
import { signInByCookie } from '@/test/browser-session';
import { envForFile, NEXT_AUTH_TEST_ENV } from '@/test/env';
import { insertUser } from '@/test/factories';
import { uniqueIp } from '@/test/http';
import { runAppRoute } from '@/test/next-route';
import { updateAgentAction } from './actions';

// The agent page's cap form, posted the way a browser posts a server action: inside Next's request scope with the
// session cookie. A refused cap says the real rule, in dollars, from the schema's own minimum.

envForFile(NEXT_AUTH_TEST_ENV);
const revalidated: string[] = [];
vi.mock('next/cache', () => ({ revalidatePath: (path: string) => revalidated.push(path) }));

async function saveCap(operatorId: string, agentId: string, typed: string) {
  const request = new Request(`http://localhost:3000/dashboard/agents/${agentId}`, {
    method: 'POST',
    headers: { cookie: await signInByCookie(operatorId), 'x-legwork-peer-address': uniqueIp() },
  });
  const form = new FormData();
  form.set('spendingLimit', typed);
  const answer = async () => Response.json(await updateAgentAction(agentId, {}, form));
  return runAppRoute({ POST: answer }, '/dashboard/agents/[agentId]', request, { agentId });
}

async function storedCap(agentId: string) {
  const { db } = await getDatabase();
  const [agent] = await db.select({ cap: users.spendingLimitCents }).from(users).where(eq(users.id, agentId));
  return agent?.cap;
}

describe('the agent page’s spending cap', () => {
  it('refuses a cap under the smallest task’s total with the rule in dollars, and keeps the old cap', async () => {
    expect(MIN_SPENDING_LIMIT_CENTS).toBe(575);
    const { db } = await getDatabase();
    const operator = await insertUser(db, { password: 'correct horse battery' });
    const agent = await insertUser(db, { type: 'agent', ownerId: operator.id, email: null, spendingLimitCents: 2_000 });

    for (const typed of ['0.5', '5.74', '-1', 'abc']) {
      const refused = await saveCap(operator.id, agent.id, typed);
      expect(refused.status, refused.text).toBe(200);
      expect(refused.json, typed).toEqual({
        error: 'Check Spending cap.',
        fieldErrors: {
          spendingLimit: 'Must be at least $5.75, or 0 to pause card charges; leave it empty for no cap',
        },
      });
    }
    expect(await storedCap(agent.id)).toBe(2_000);
  });

  it('takes the minimum itself, 0 and empty (no cap)', async () => {
    const { db } = await getDatabase();
    const operator = await insertUser(db, { password: 'correct horse battery' });
    const agent = await insertUser(db, { type: 'agent', ownerId: operator.id, email: null });

    for (const [typed, cents] of [
      ['5.75', 575],
      ['0', 0],
      ['', null],
    ] as const) {
      const saved = await saveCap(operator.id, agent.id, typed);
      expect(saved.json, typed).toEqual({ saved: true });
      expect(await storedCap(agent.id)).toBe(cents);
    }
    expect(revalidated).toContain(`/dashboard/agents/${agent.id}`);
  });
});
