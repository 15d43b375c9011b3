import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { rotateAgentKeyOperation } from '@/lib/schemas/agents';
import { rotateAgentKey } from '@/lib/services/agents/rotate-agent-key';

// POST /v1/operators/me/agents/{agentId}/keys — revoke all the agent's keys and issue one new key (shown once)
export const POST = route(rotateAgentKeyOperation, ({ db, actor, params }) =>
  rotateAgentKey(db, { operatorId: userOf(actor).id, agentId: params.agentId }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
