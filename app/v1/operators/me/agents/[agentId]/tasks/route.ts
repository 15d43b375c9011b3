import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { listAgentTasksOperation } from '@/lib/schemas/agents';
import { listAgentTasks } from '@/lib/services/agents/list-agent-tasks';

// GET /v1/operators/me/agents/{agentId}/tasks — tasks the agent created, newest first
export const GET = route(listAgentTasksOperation, ({ db, actor, params, query }) =>
  listAgentTasks(db, { operatorId: userOf(actor).id, agentId: params.agentId, page: query }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
