import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { pollClaimOperation } from '@/lib/schemas/cold-start';
import { pollClaim } from '@/lib/services/claims/poll-claim';

// GET /v1/agents/claim/{claimToken} — pending until the human claims; then the agent's key, once
export const GET = route(pollClaimOperation, ({ db, params }) => pollClaim(db, params.claimToken));

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
