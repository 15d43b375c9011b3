import { describe, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { createAgentViaApi } from '@/test/agents';
import { expectApiError } from '@/test/payments';
import { signUpViaApi } from '@/test/sessions';
import { deleteAgent } from './delete-agent';
import { getAgentSpending } from './get-agent-spending';
import { getAgentUsage } from './get-agent-usage';
import { listAgentTasks } from './list-agent-tasks';
import { rotateAgentKey } from './rotate-agent-key';
import { updateAgent } from './update-agent';

// The dashboard calls these services with ids taken from URLs, without the route's params schema.
describe('agent services called with a malformed id', () => {
  it('answer NOT_FOUND instead of failing on the uuid cast', async () => {
    const { db } = await getDatabase();
    const { token, userId } = await signUpViaApi('op');
    await createAgentViaApi(token);
    const notFound = { message: 'No such agent' };
    for (const agentId of ['not-a-uuid', '', "x' or '1'='1"]) {
      await expectApiError(
        updateAgent(db, { operatorId: userId, agentId, input: { name: 'X' } }),
        'NOT_FOUND',
        notFound,
      );
      await expectApiError(updateAgent(db, { operatorId: userId, agentId, input: {} }), 'NOT_FOUND', notFound);
      await expectApiError(deleteAgent(db, { operatorId: userId, agentId }), 'NOT_FOUND', notFound);
      await expectApiError(rotateAgentKey(db, { operatorId: userId, agentId }), 'NOT_FOUND', notFound);
      await expectApiError(
        listAgentTasks(db, { operatorId: userId, agentId, page: { limit: 20 } }),
        'NOT_FOUND',
        notFound,
      );
      await expectApiError(getAgentUsage(db, { operatorId: userId, agentId }), 'NOT_FOUND', notFound);
      await expectApiError(getAgentSpending(db, { operatorId: userId, agentId }), 'NOT_FOUND', notFound);
    }
  });
});
