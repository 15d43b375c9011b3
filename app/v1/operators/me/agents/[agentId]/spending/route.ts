import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { getAgentSpendingOperation } from '@/lib/schemas/agents';
import { getAgentSpending } from '@/lib/services/agents/get-agent-spending';

// GET /v1/operators/me/agents/{agentId}/spending — money charged for the agent's tasks, open and completed tasks
export const GET = route(getAgentSpendingOperation, ({ db, actor, params }) =>
  getAgentSpending(db, { operatorId: userOf(actor).id, agentId: params.agentId }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
