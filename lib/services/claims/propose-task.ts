import type { Db } from '@/db/client';
import { apiKeys, taskClaims, users } from '@/db/schema';
import { generateApiKey } from '@/lib/auth/api-key-format';
import {
  CLAIM_TTL_MS,
  CLAIMED_KEY_PURPOSE,
  generateClaimToken,
  generateHumanClaimToken,
} from '@/lib/auth/claim-tokens';
import { SCOPES } from '@/lib/auth/scopes';
import { seal } from '@/lib/auth/secret-box';
import { sha256Hex } from '@/lib/auth/tokens';
import type { TaskBody } from '@/lib/schemas/tasks';
import { insertDraftTask } from '@/lib/services/tasks/insert-draft-task';
import { toTaskResource } from '@/lib/services/tasks/to-task-resource';

export type ProposeTaskInput = { task: TaskBody; requesterEmail?: string };

// The placeholder agent's key is parked (refused until the claim); the raw key stays sealed until the poll.
export async function proposeTask(db: Db, input: ProposeTaskInput, options: { siteUrl: string; livemode: boolean }) {
  const claimToken = generateClaimToken();
  const humanToken = generateHumanClaimToken();
  const key = generateApiKey(options.livemode ? 'live' : 'test');
  const expiresAt = new Date(Date.now() + CLAIM_TTL_MS);
  const task = await db.transaction(async (tx) => {
    const [agent] = await tx.insert(users).values({ type: 'agent', name: 'Proposed agent' }).returning();
    if (!agent) throw new Error('agent insert returned no row');
    const [apiKey] = await tx
      .insert(apiKeys)
      .values({
        userId: agent.id,
        name: 'Agent key',
        keyHash: key.keyHash,
        keyPrefix: key.keyPrefix,
        keySuffix: key.keySuffix,
        mode: key.mode,
        scopes: [...SCOPES],
        parked: true,
      })
      .returning({ id: apiKeys.id });
    if (!apiKey) throw new Error('api key insert returned no row');
    const created = await insertDraftTask(tx, { requesterId: agent.id, body: input.task, livemode: options.livemode });
    await tx.insert(taskClaims).values({
      kind: 'agent',
      agentId: agent.id,
      taskId: created.id,
      apiKeyId: apiKey.id,
      claimTokenHash: sha256Hex(claimToken),
      humanTokenHash: sha256Hex(humanToken),
      sealedKey: seal(CLAIMED_KEY_PURPOSE, key.key),
      requesterEmail: input.requesterEmail ?? null,
      expiresAt,
    });
    return created;
  });
  return {
    task: toTaskResource(task),
    humanClaimUrl: `${options.siteUrl}/claim/${humanToken}`,
    claimToken,
    claimExpiresAt: expiresAt.toISOString(),
    pollUrl: `${options.siteUrl}/v1/agents/claim/${claimToken}`,
  };
}
