import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { createAgentOperation, listAgentsOperation } from '@/lib/schemas/agents';
import { createAgent } from '@/lib/services/agents/create-agent';
import { listAgents } from '@/lib/services/agents/list-agents';

// POST /v1/operators/me/agents — create an agent and its first key (shown once)
export const POST = route(createAgentOperation, ({ db, actor, body }) => createAgent(db, userOf(actor).id, body));

// GET /v1/operators/me/agents — the operator's agents with task, spending and activity figures
export const GET = route(listAgentsOperation, ({ db, actor }) => listAgents(db, userOf(actor).id));

export const { PUT, PATCH, DELETE } = otherMethods({ GET, POST });
