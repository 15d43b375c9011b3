import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { uploads } from '@/db/schema';
import { env } from '@/lib/env';
import { createAgentViaApi } from '@/test/agents';
import { withEnv } from '@/test/env';
import { envelope, expectRetryAfter } from '@/test/expect';
import { send } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { PNG_BYTES, uploadRequest, withTemporaryDataDir } from '@/test/worker-profiles';
import { POST as upload } from './route';

withTemporaryDataDir();

const SIZE = PNG_BYTES.byteLength;
const uploadAs = (token: string) => send(upload, uploadRequest(PNG_BYTES, { token }));

const overQuota = (quotaBytes: number, usedBytes: number) =>
  envelope('UPLOAD_QUOTA_EXCEEDED', {
    message: 'This upload would pass your storage quota',
    hint: `An account stores at most ${quotaBytes} bytes of uploads (${usedBytes} used). Reuse files you have already uploaded (their ids or URLs).`,
    details: { quotaBytes, usedBytes, fileBytes: SIZE },
  });

const storedFiles = async () => (await readdir(path.join(env().DATA_DIR, 'uploads'), { recursive: true })).length;

describe('POST /v1/uploads quota', () => {
  it('refuses with 413 an upload that would pass the storage quota of the account, its agents included', async () => {
    const op = await signUpViaApi('op');
    const agent = await createAgentViaApi(op.token);
    const stranger = await signUpViaApi('stranger');
    const quota = String(SIZE * 2 + 1);
    await withEnv({ UPLOAD_QUOTA_BYTES: quota }, async () => {
      expect((await uploadAs(op.token)).status).toBe(201);
      expect((await uploadAs(agent.key)).status).toBe(201);
      const files = await storedFiles();
      for (const token of [op.token, agent.key]) {
        const refused = await uploadAs(token);
        expect(refused.status).toBe(413);
        expect(refused.json).toEqual(overQuota(SIZE * 2 + 1, SIZE * 2));
      }
      expect(await storedFiles()).toBe(files);
      expect((await uploadAs(stranger.token)).status).toBe(201);
    });
  });

  it('refuses with 429 and Retry-After the upload past UPLOADS_PER_DAY in 24 hours; older ones do not count', async () => {
    const { token, userId } = await signUpViaApi('busy');
    await withEnv({ UPLOADS_PER_DAY: '2' }, async () => {
      expect((await uploadAs(token)).status).toBe(201);
      expect((await uploadAs(token)).status).toBe(201);
      const refused = await uploadAs(token);
      const retryAfter = expectRetryAfter(refused, 86_000, 86_400);
      expect(refused.json).toEqual(
        envelope('RATE_LIMIT_EXCEEDED', {
          hint: `An account makes at most 2 uploads in 24 hours. Wait ${retryAfter} seconds (\`Retry-After\`), or reuse files you have already uploaded.`,
          details: { retryAfter, uploadsPerDay: 2 },
        }),
      );

      const { db } = await getDatabase();
      await db.update(uploads).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(uploads.userId, userId));
      expect((await uploadAs(token)).status).toBe(201);
    });
  });

  it('concurrent uploads never pass the daily count', async () => {
    const { token, userId } = await signUpViaApi('burst');
    await withEnv({ UPLOADS_PER_DAY: '3' }, async () => {
      const results = await Promise.all(Array.from({ length: 7 }, () => uploadAs(token)));
      expect(results.map((res) => res.status).sort()).toEqual([201, 201, 201, 429, 429, 429, 429]);
    });
    const { db } = await getDatabase();
    expect(await db.select().from(uploads).where(eq(uploads.userId, userId))).toHaveLength(3);
  });
});
