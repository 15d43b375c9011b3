import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { getAgentUsageOperation } from '@/lib/schemas/agents';
import { getAgentUsage } from '@/lib/services/agents/get-agent-usage';

// GET /v1/operators/me/agents/{agentId}/usage — request counts, errors and latency of the agent's keys
export const GET = route(getAgentUsageOperation, ({ db, actor, params }) =>
  getAgentUsage(db, { operatorId: userOf(actor).id, agentId: params.agentId }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
