import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { env } from '@/lib/env';
import { registerAgentOperation } from '@/lib/schemas/claim-codes';
import { registerAgent } from '@/lib/services/claims/register-agent';

// POST /v1/agents/register — redeem a dashboard claim code; the new agent's key is in this response only
export const POST = route(registerAgentOperation, ({ db, body }) => registerAgent(db, body, env().SITE_URL));

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
