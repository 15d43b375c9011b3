import { getDatabase } from '@/db/client';
import { insertApiKey } from '@/test/factories';
import { thread } from '@/test/messages';

/** An accepted task, the agent's key able to read tasks and messages (what the wait tools need). */
export async function waitThread() {
  const { parties, task } = await thread();
  const { db } = await getDatabase();
  const scopes = ['tasks:read', 'messages:read', 'messages:write'];
  const { key } = await insertApiKey(db, { userId: parties.agent.id, mode: 'test', scopes });
  return { parties: { ...parties, agent: { ...parties.agent, token: key } }, task };
}
