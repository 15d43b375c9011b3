import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { taskClaims } from '@/db/schema';
import { sha256Hex } from '@/lib/auth/tokens';
import { claimRow, proposeTask } from '@/test/cold-start';
import { migrationsFolder } from './database';

const LAST_BEFORE_TASK_CLAIMS = '0029_agent_charge_notifications';

/** The error a failed statement raised, unwrapped from drizzle's query error, or undefined if it succeeded. */
async function failureOf(statement: PromiseLike<unknown>): Promise<string | undefined> {
  try {
    await statement;
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    return String((cause as Error).message);
  }
}

describe('task_claims', () => {
  it('refuses an agent claim without an agent or a poll token, and an intake claim with either', async () => {
    const { db } = await getDatabase();
    const proposal = await proposeTask();
    const agentClaim = await claimRow(proposal.claimToken);
    const base = { taskId: proposal.task.id, expiresAt: new Date(Date.now() + 60_000) };

    expect(
      await failureOf(
        db
          .insert(taskClaims)
          .values({ ...base, kind: 'agent', claimTokenHash: randomUUID(), humanTokenHash: randomUUID() }),
      ),
    ).toContain('task_claims_agent_kind');
    expect(
      await failureOf(
        db
          .insert(taskClaims)
          .values({ ...base, kind: 'agent', agentId: agentClaim.agentId, humanTokenHash: randomUUID() }),
      ),
    ).toContain('task_claims_agent_kind');
    expect(
      await failureOf(db.insert(taskClaims).values({ ...base, kind: 'intake', humanTokenHash: randomUUID() })),
    ).toContain('task_claims_intake_kind');
    expect(
      await failureOf(
        db.insert(taskClaims).values({
          ...base,
          kind: 'intake',
          intakeConversationId: randomUUID(),
          agentId: agentClaim.agentId,
          humanTokenHash: randomUUID(),
        }),
      ),
    ).toContain('task_claims_intake_kind');
    expect(
      await failureOf(
        db.insert(taskClaims).values({
          ...base,
          kind: 'intake',
          intakeConversationId: randomUUID(),
          claimTokenHash: randomUUID(),
          humanTokenHash: randomUUID(),
        }),
      ),
    ).toContain('task_claims_intake_kind');
    // The proposal's own claim is an agent claim with its agent and poll token.
    expect(agentClaim).toMatchObject({ kind: 'agent', claimTokenHash: sha256Hex(proposal.claimToken) });
  });

  // A scratch PGlite migrated to just before 0030 holds claims of the old shape; 0030 moves them.
  it('migrates agent_claims: intake rows become kind intake without their dummy claim token', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'legwork-migrations-'));
    const client = await PGlite.create('memory://', { extensions: { cube, earthdistance } });
    try {
      cpSync(migrationsFolder, folder, { recursive: true });
      const journalPath = path.join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
      const last = journal.entries.findIndex((entry: { tag: string }) => entry.tag === LAST_BEFORE_TASK_CLAIMS);
      journal.entries = journal.entries.slice(0, last + 1);
      writeFileSync(journalPath, JSON.stringify(journal));
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: folder });

      // Rows of the old shape, their tasks and agents left out (the foreign keys are not what is tested here).
      await client.exec(`set session_replication_role = replica`);
      const [agentId, apiKeyId, conversationId] = [randomUUID(), randomUUID(), randomUUID()];
      await client.query(
        `insert into agent_claims (id, agent_id, task_id, api_key_id, claim_token_hash, human_token_hash, expires_at)
         values ('00000000-0000-4000-8000-000000000001', $1, $2, $3, 'agent-token', 'agent-human', now())`,
        [agentId, randomUUID(), apiKeyId],
      );
      await client.query(
        `insert into agent_claims (id, intake_conversation_id, task_id, claim_token_hash, human_token_hash, expires_at)
         values ('00000000-0000-4000-8000-000000000002', $1, $2, 'dummy-token', 'intake-human', now())`,
        [conversationId, randomUUID()],
      );
      // Still without the foreign keys' triggers: 0030's updates would recheck the missing tasks.
      await migrate(db, { migrationsFolder });
      await client.exec(`set session_replication_role = origin`);
      const { rows } = await client.query(
        'select id, kind, agent_id, api_key_id, intake_conversation_id, claim_token_hash from task_claims order by id',
      );
      expect(rows).toEqual([
        {
          id: '00000000-0000-4000-8000-000000000001',
          kind: 'agent',
          agent_id: agentId,
          api_key_id: apiKeyId,
          intake_conversation_id: null,
          claim_token_hash: 'agent-token',
        },
        {
          id: '00000000-0000-4000-8000-000000000002',
          kind: 'intake',
          agent_id: null,
          api_key_id: null,
          intake_conversation_id: conversationId,
          claim_token_hash: null,
        },
      ]);
    } finally {
      await client.close();
      rmSync(folder, { recursive: true, force: true });
    }
    // Thirty migrations in WebAssembly, from initdb: slow on a loaded machine.
  }, 120_000);
});
