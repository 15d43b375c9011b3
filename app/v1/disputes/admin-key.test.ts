import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as getWorker } from '@/app/v1/workers/[id]/route';
import { getDatabase } from '@/db/client';
import { workerProfiles } from '@/db/schema';
import { SCOPES } from '@/lib/auth/scopes';
import { disputedTask, evidenceRows, postEvidence } from '@/test/disputes';
import { insertApiKey } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { intakeAdminForFile } from '@/test/intake';
import { listMessages, posted } from '@/test/messages';
import { fundedPartiesForFile } from '@/test/tasks';
import { GET as get } from './[id]/route';
import { GET as list } from './route';

// Admin is a property of a session (docs/security.md "Admin powers"): the reads that widen for an admin (every
// dispute, a disputed thread, a worker's no-show count) stay narrow for an admin's API key, which is an ordinary
// operator key. The admin-only operations themselves are covered from the registry in the contract suite.

const parties = fundedPartiesForFile();
const admin = intakeAdminForFile();

async function adminKey() {
  const { db } = await getDatabase();
  return (await insertApiKey(db, { userId: admin.userId, scopes: [...SCOPES] })).key;
}

describe('an admin’s API key carries no admin power', () => {
  it('sees others’ disputes and disputed threads as 404, and cannot put evidence forward as admin', async () => {
    const { task, dispute } = await disputedTask(parties);
    await posted(parties.worker.token, task.id, 'I was there at nine.');
    const key = await adminKey();
    const params = { id: dispute.id };

    const one = (token: string) => call(get, `/v1/disputes/${dispute.id}`, { token, ip: uniqueIp(), params });
    expect((await one(admin.token)).status).toBe(200);
    const byKey = await one(key);
    expect(byKey.status, byKey.text).toBe(404);
    expect(byKey.json.error.code).toBe('NOT_FOUND');

    // The admin is a side of no dispute: its key lists none (a session would list everyone's).
    const byKeyList = await call(list, '/v1/disputes', { token: key, ip: uniqueIp() });
    expect(byKeyList.status, byKeyList.text).toBe(200);
    expect(byKeyList.json.data).toEqual([]);

    expect((await listMessages(admin.token, task.id)).status).toBe(200);
    expect((await listMessages(key, task.id)).status).toBe(404);

    const evidence = await postEvidence(dispute.id, key, { text: 'Posted with a key.' });
    expect(evidence.status, evidence.text).toBe(404);
    expect(await evidenceRows(dispute.id)).toEqual([]);
  });

  it('does not see a worker’s no-show count, which an admin’s session does', async () => {
    const { db } = await getDatabase();
    const [profile] = await db.select().from(workerProfiles).where(eq(workerProfiles.userId, parties.worker.id));
    if (!profile) throw new Error('the worker has no profile');
    const view = (token: string) =>
      call(getWorker, `/v1/workers/${profile.id}`, { token, ip: uniqueIp(), params: { id: profile.id } });
    expect((await view(admin.token)).json.data).toHaveProperty('noShowCount');
    const byKey = await view(await adminKey());
    expect(byKey.status, byKey.text).toBe(200);
    expect(byKey.json.data).not.toHaveProperty('noShowCount');
  });
});
