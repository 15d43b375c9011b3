import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { getDatabase } from '@/db/client';
import { uploads } from '@/db/schema';
import { env } from '@/lib/env';
import { uploadsInFlight } from '@/lib/services/uploads/admit-upload';
import { reencodeImage } from '@/lib/services/uploads/reencode-image';
import { createAgentViaApi } from '@/test/agents';
import { withEnv } from '@/test/env';
import { envelope, expectRetryAfter } from '@/test/expect';
import { send, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { PNG_BYTES, uploadRequest, withTemporaryDataDir } from '@/test/worker-profiles';
import { POST as upload } from './route';

withTemporaryDataDir();

// What PNG_BYTES takes once stored (re-encoded).
const SIZE = (await reencodeImage(PNG_BYTES, 'image/png'))?.bytes.byteLength ?? 0;
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

  it('concurrent uploads of one account never pass the daily count', async () => {
    const { token, userId } = await signUpViaApi('burst');
    // A user has at most 2 uploads in flight (admit-upload.ts): the burst comes from the operator and its agents.
    const agents = await Promise.all([1, 2, 3].map(() => createAgentViaApi(token)));
    const tokens = [token, token, ...agents.flatMap((agent) => [agent.key, agent.key])].slice(0, 7);
    await withEnv({ UPLOADS_PER_DAY: '3' }, async () => {
      const results = await Promise.all(tokens.map((each) => uploadAs(each)));
      expect(results.map((res) => res.status).sort()).toEqual([201, 201, 201, 429, 429, 429, 429]);
      for (const res of results.filter((each) => each.status === 429)) {
        expect(res.json.error.details.uploadsPerDay).toBe(3);
      }
    });
    const { db } = await getDatabase();
    const stored = await db
      .select()
      .from(uploads)
      .where(inArray(uploads.userId, [userId, ...agents.map((agent) => agent.id)]));
    expect(stored).toHaveLength(3);
  });

  it('refuses from Content-Length, before reading a byte of the body, an upload past the quota', async () => {
    const { token } = await signUpViaApi('declared');
    await withEnv({ UPLOAD_QUOTA_BYTES: String(1024 * 1024) }, async () => {
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(64 * 1024));
        },
      });
      const files = await storedFiles().catch(() => 0);
      const request = new Request('http://localhost:3000/v1/uploads', {
        method: 'POST',
        body,
        duplex: 'half',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(2 * 1024 * 1024),
          'x-legwork-peer-address': uniqueIp(),
        },
      } as RequestInit);
      const refused = await send(upload, request);
      expect(refused.status).toBe(413);
      expect(refused.json).toEqual(
        envelope('UPLOAD_QUOTA_EXCEEDED', {
          message: 'This upload would pass your storage quota',
          hint: `An account stores at most ${1024 * 1024} bytes of uploads (0 used). Reuse files you have already uploaded (their ids or URLs).`,
          details: { quotaBytes: 1024 * 1024, usedBytes: 0, fileBytes: 2 * 1024 * 1024 - 64 * 1024 },
        }),
      );
      // The stream's first chunk may be buffered when it is made; nothing past it was asked for.
      expect(pulled).toBeLessThanOrEqual(1);
      expect(await storedFiles().catch(() => 0)).toBe(files);
    });
  });
});

describe('POST /v1/uploads in flight', () => {
  /** An upload whose body arrives only when `finish` is called: it stays in flight until then. */
  function slowUpload(token: string) {
    const request = uploadRequest(PNG_BYTES, { token });
    let finish = () => {};
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const whole = request.body;
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        await gate;
        const reader = whole?.getReader();
        for (;;) {
          const chunk = await reader?.read();
          if (!chunk || chunk.done) break;
          controller.enqueue(chunk.value);
        }
        controller.close();
      },
    });
    const slow = new Request(request.url, {
      method: 'POST',
      headers: request.headers,
      body,
      duplex: 'half',
    } as RequestInit);
    return { response: send(upload, slow), finish };
  }

  it('a user with 2 uploads in flight gets 429 with Retry-After for a third, stored nothing, and may go on after', async () => {
    const { token, userId } = await signUpViaApi('hurried');
    const other = await signUpViaApi('other');
    const first = slowUpload(token);
    const second = slowUpload(token);
    await vi.waitFor(() => expect(uploadsInFlight.usage(userId).count).toBe(2));

    const third = await uploadAs(token);
    expect(third.status).toBe(429);
    expectRetryAfter(third, 1, 2);
    expect(third.json).toEqual(
      envelope('RATE_LIMIT_EXCEEDED', {
        hint: 'Send at most 2 uploads at once; wait for one to finish (`Retry-After`).',
        details: { retryAfter: 2, uploadsInFlight: 2 },
      }),
    );
    expect((await uploadAs(other.token)).status).toBe(201); // another user is not held back

    first.finish();
    second.finish();
    expect((await first.response).status).toBe(201);
    expect((await second.response).status).toBe(201);
    expect(uploadsInFlight.usage(userId).count).toBe(0);
    expect((await uploadAs(token)).status).toBe(201);
    const { db } = await getDatabase();
    expect(await db.select().from(uploads).where(eq(uploads.userId, userId))).toHaveLength(3);
  });
});
