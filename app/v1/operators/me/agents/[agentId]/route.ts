import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { deleteAgentOperation, updateAgentOperation } from '@/lib/schemas/agents';
import { deleteAgent } from '@/lib/services/agents/delete-agent';
import { updateAgent } from '@/lib/services/agents/update-agent';

// PATCH /v1/operators/me/agents/{agentId} — rename an agent or change its spending cap
export const PATCH = route(updateAgentOperation, ({ db, actor, params, body }) =>
  updateAgent(db, { operatorId: userOf(actor).id, agentId: params.agentId, input: body }),
);

// DELETE /v1/operators/me/agents/{agentId} — delete an agent and revoke its keys
export const DELETE = route(deleteAgentOperation, ({ db, actor, params }) =>
  deleteAgent(db, { operatorId: userOf(actor).id, agentId: params.agentId }),
);

export const { GET, POST, PUT } = otherMethods({ PATCH, DELETE });
