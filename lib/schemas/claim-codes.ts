import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { text, timestamp } from './common';

const agentRef = z.object({ id: z.uuid(), name: z.string() }).meta({ id: 'AgentRef' });

export const mintClaimCodeOperation = defineOperation({
  method: 'POST',
  path: '/v1/operators/me/agents/claim-code',
  operationId: 'mintClaimCode',
  summary: 'Mint a claim code an agent redeems to join this operator',
  description:
    'A code of 8 unambiguous characters (shown as `ABCD-EFGH`), valid 15 minutes, single use. Give `pasteSnippet` ' +
    'to the agent: it calls POST /v1/agents/register with the code and becomes your agent. An operator whose email ' +
    'is not verified gets 403 `EMAIL_NOT_VERIFIED`.',
  tags: ['Agents'],
  auth: 'session',
  response: z
    .object({
      code: z.string().describe('As shown to humans, e.g. `ABCD-EFGH`; accepted with or without the dash.'),
      expiresAt: timestamp,
      pasteSnippet: z.string().describe('Text to paste to the agent: the code and the exact register request.'),
    })
    .meta({ id: 'ClaimCode' }),
  successStatus: 201,
  errors: ['EMAIL_NOT_VERIFIED'],
});

export const claimCodeStatusOperation = defineOperation({
  method: 'GET',
  path: '/v1/operators/me/agents/claim-code/{code}',
  operationId: 'getClaimCodeStatus',
  summary: 'Whether an agent has redeemed a claim code yet',
  tags: ['Agents'],
  auth: 'session',
  params: z.object({ code: text(20) }),
  response: z
    .object({
      status: z.enum(['waiting', 'claimed', 'expired']),
      agent: agentRef.optional().describe('Present once claimed.'),
    })
    .meta({ id: 'ClaimCodeStatus' }),
  errors: ['NOT_FOUND'],
});

export const registerAgentOperation = defineOperation({
  method: 'POST',
  path: '/v1/agents/register',
  operationId: 'registerAgent',
  summary: 'Register an agent with a dashboard claim code',
  description:
    'Redeems a claim code minted by an operator: creates the agent under that operator and returns its API key ' +
    '(shown once; store it privately). Rate limited per IP. An unknown, expired or already used code is one ' +
    'answer, 404 `CLAIM_CODE_NOT_FOUND`. 400 `TOO_MANY_KEYS` when the operator already holds its cap of live ' +
    'keys, 403 `EMAIL_NOT_VERIFIED` when the operator’s email is not verified (either way the code then stays ' +
    'unused).',
  tags: ['Agents'],
  auth: 'none',
  rateLimit: 'auth',
  body: z.strictObject({
    code: text(20).trim().min(1, { message: 'Must not be empty' }).describe('The claim code, e.g. `ABCD-EFGH`.'),
    name: text(100).trim().min(1, { message: 'Must not be empty' }).describe('A short name for the agent.'),
  }),
  response: z
    .object({
      agent: agentRef,
      apiKey: z.object({ key: z.string(), keyPrefix: z.string() }),
      claimUrl: z.string().describe('The owner’s dashboard page for agents.'),
    })
    .meta({ id: 'AgentRegistration' }),
  successStatus: 201,
  errors: ['CLAIM_CODE_NOT_FOUND', 'TOO_MANY_KEYS', 'EMAIL_NOT_VERIFIED'],
});
