import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { POST as createServiceRoute } from '@/app/v1/services/route';
import { getDatabase } from '@/db/client';
import { workerProfiles } from '@/db/schema';
import { SCOPES } from '@/lib/auth/scopes';
import { LEGAL_SLUGS } from '@/lib/schemas/legal';
import { issueSession } from '@/lib/services/sessions/issue-session';
import type { SampleFixtures } from '@/test/contract/replay-samples';
import { disputedTask } from '@/test/disputes';
import { insertApiKey, insertUser } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { insertConversation, intakeAdminForFile } from '@/test/intake';
import { serviceBody } from '@/test/services';
import { fundedPartiesForFile, taskInStatus } from '@/test/tasks';
import { receiverForFile, registerWebhook } from '@/test/webhooks';

// The accounts and objects a fuzz run acts as and on: every kind of credential an operation may take, and for each
// kind of path id a few objects that exist, so generated requests reach past "not found" into the services.

/** A credential a generated request carries; the fresh ones are made for one request (it spends what it uses). */
export type CredentialKind =
  | 'none'
  | 'bogus'
  | 'operatorSession'
  | 'workerSession'
  | 'adminSession'
  | 'operatorKey'
  | 'agentKey'
  | 'freshSession'
  | 'freshAgentKey';

export type FuzzWorld = {
  token: (kind: CredentialKind) => Promise<string | undefined>;
  /**
   * Ids of existing objects for a path param, by the path's first segment after /v1 and the param's name
   * (`tasks/id`); a key ending in `:read` adds ids only GET requests may use, and DELETE requests take theirs from
   * the key ending in `:delete` only, so a deletion early in the run leaves the other operations their objects.
   */
  knownIds: Record<string, string[]>;
  sampleFixtures: SampleFixtures;
};

async function createService(token: string): Promise<string> {
  const res = await call(createServiceRoute, '/v1/services', { token, body: serviceBody(), ip: uniqueIp() });
  if (res.status !== 201) throw new Error(`service not created: ${res.text}`);
  return res.json.data.id;
}

async function profileIdsOf(userId: string): Promise<string[]> {
  const { db } = await getDatabase();
  const rows = await db.select({ id: workerProfiles.id }).from(workerProfiles).where(eq(workerProfiles.userId, userId));
  return rows.map((row) => row.id);
}

export function fuzzWorldForFile(): FuzzWorld {
  const parties = fundedPartiesForFile();
  const admin = intakeAdminForFile();
  const webhookReceiver = receiverForFile();
  const tokens: Partial<Record<CredentialKind, string>> = {};
  const world: FuzzWorld = {
    knownIds: {},
    sampleFixtures: { email: '', password: 'correct horse battery' },
    token: async (kind) => {
      const { db } = await getDatabase();
      if (kind === 'none') return undefined;
      if (kind === 'bogus') return `lgw_test_${'0'.repeat(40)}`;
      if (kind === 'freshSession') return (await issueSession(db, parties.requester.id)).token;
      if (kind === 'freshAgentKey') {
        return (await insertApiKey(db, { userId: parties.agent.id, mode: 'test', scopes: [...SCOPES] })).key;
      }
      return tokens[kind];
    },
  };

  beforeAll(async () => {
    const { db } = await getDatabase();
    const operatorKey = await insertApiKey(db, { userId: parties.requester.id, mode: 'test', scopes: [...SCOPES] });
    Object.assign(tokens, {
      operatorSession: parties.requester.token,
      workerSession: parties.worker.token,
      adminSession: admin.token,
      operatorKey: operatorKey.key,
      agentKey: parties.agent.token,
    });
    world.sampleFixtures.email = admin.email; // signUpViaApi's password
    const tasks = [];
    for (const status of ['draft', 'posted', 'accepted', 'submitted'] as const) {
      tasks.push(await taskInStatus(parties, status));
    }
    const { dispute } = await disputedTask(parties);
    const service = await createService(parties.worker.token);
    const doomedService = await createService(parties.worker.token);
    const url = webhookReceiver.receiver.url;
    const endpoint = await registerWebhook(operatorKey.key, { url });
    const doomedEndpoint = await registerWebhook(operatorKey.key, { url });
    const spareAgent = await insertUser(db, { type: 'agent', ownerId: parties.requester.id, email: null });
    const doomedAgent = await insertUser(db, { type: 'agent', ownerId: parties.requester.id, email: null });
    const doomedKey = await insertApiKey(db, { userId: parties.requester.id, scopes: ['tasks:read'] });
    const bystander = await insertUser(db);
    Object.assign(world.knownIds, {
      'tasks/id': tasks.map((task) => task.id),
      'sandbox/id': tasks.map((task) => task.id),
      'disputes/id': [dispute.id],
      'workers/id': [parties.worker.id, ...(await profileIdsOf(parties.worker.id))],
      'services/id': [service],
      'services/id:delete': [doomedService],
      'webhooks/id': [endpoint.json.data.id],
      'webhooks/id:delete': [doomedEndpoint.json.data.id],
      'admin/id': [bystander.id],
      'intake/id': [(await insertConversation()).id],
      'operators/keyId:delete': [doomedKey.row.id],
      'operators/agentId': [spareAgent.id],
      'operators/agentId:delete': [doomedAgent.id],
      // Read only: deleting the fuzz's own agent or rotating its key would leave the rest of the run without it.
      'operators/agentId:read': [parties.agent.id],
      'legal/slug': [...LEGAL_SLUGS],
    });
  });
  return world;
}
