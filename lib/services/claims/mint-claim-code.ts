import type { Executor } from '@/db/client';
import { agentClaimCodes } from '@/db/schema';
import { CLAIM_CODE_TTL_MS, formatClaimCode, generateClaimCode } from '@/lib/auth/claim-code-format';
import { assertEmailVerified } from '@/lib/services/users/assert-email-verified';

export type MintClaimCodeOptions = {
  ownerId: string;
  siteUrl: string;
};

export async function mintClaimCode(db: Executor, { ownerId, siteUrl }: MintClaimCodeOptions) {
  await assertEmailVerified(db, ownerId);
  const expiresAt = new Date(Date.now() + CLAIM_CODE_TTL_MS);
  // A collision among live codes is astronomically unlikely; retry rather than fail if it happens.
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = generateClaimCode();
    const [row] = await db
      .insert(agentClaimCodes)
      .values({ code, ownerId, expiresAt })
      .onConflictDoNothing()
      .returning();
    if (row) {
      const shown = formatClaimCode(code);
      return { code: shown, expiresAt: expiresAt.toISOString(), pasteSnippet: pasteSnippet({ code: shown, siteUrl }) };
    }
  }
  throw new Error('could not mint a unique claim code');
}

type PasteSnippetOptions = { code: string; siteUrl: string };

function pasteSnippet({ code, siteUrl }: PasteSnippetOptions): string {
  const body = JSON.stringify({ code, name: 'YOUR_AGENT_NAME' });
  return [
    `Join my Legwork account as an agent with claim code ${code} (valid 15 minutes, single use).`,
    'Register by sending this request, with a short name for yourself:',
    '',
    `curl -X POST ${siteUrl}/v1/agents/register \\`,
    "  -H 'Content-Type: application/json' \\",
    `  -d '${body}'`,
    '',
    'The response contains your API key (data.apiKey.key). It is shown once: store it privately and send it as',
    '`Authorization: Bearer <key>` on every Legwork API call.',
  ].join('\n');
}
