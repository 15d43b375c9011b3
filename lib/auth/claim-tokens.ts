import { randomBytes } from 'node:crypto';
import { randomBase62 } from './tokens';

// The two secrets of a cold-start claim. Both are 256-bit random and stored only as SHA-256.
/** What the agent polls with (GET /v1/agents/claim/{claimToken}). */
export const generateClaimToken = () => `lgwc_${randomBytes(32).toString('base64url')}`;
/** What goes in the human's link (/claim/{token}); it can open the claim page and nothing else. */
export const generateHumanClaimToken = () => randomBase62(43);

export const CLAIM_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const CLAIMED_KEY_PURPOSE = 'agent-claim-key';
/** Seals the claim link a signed-in human opened, for their dashboard's "Needs your action" (never for anyone else). */
export const OPENED_CLAIM_LINK_PURPOSE = 'claim-opened-link';
