import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as upload } from '@/app/v1/uploads/route';
import { getDatabase } from '@/db/client';
import { proofPhotos, uploads } from '@/db/schema';
import { send } from '@/test/http';
import { makeJpeg } from '@/test/jpeg';
import { taskBetween, taskParties } from '@/test/tasks';
import { uploadRequest, withTemporaryDataDir } from '@/test/worker-profiles';
import { findReusedPhotos, type PhotoHashes } from './find-reused-photos';
import { recordProofPhotos } from './record-proof-photos';
import { uploadPath } from './upload-path';

withTemporaryDataDir();

/** `hash` with the given bits (0 = lowest) flipped. */
const flip = (hash: bigint, bits: number[]) =>
  BigInt.asIntN(
    64,
    bits.reduce((h, bit) => h ^ (1n << BigInt(bit)), hash),
  );
const otherPixels = () => randomBytes(32).toString('hex');

async function uploadedRow(token: string, bytes: Buffer) {
  const res = await send(upload, uploadRequest(bytes, { token, type: 'image/jpeg' }));
  expect(res.status, res.text).toBe(201);
  const { db } = await getDatabase();
  const [row] = await db.select().from(uploads).where(eq(uploads.id, res.json.data.id));
  if (!row) throw new Error('no upload row');
  return row;
}

/** Two tasks of the same worker, the first with `photo` recorded as its proof. */
async function worldWithProof(bytes: Buffer) {
  const parties = await taskParties();
  const [first, second] = [await taskBetween(parties, 'submitted'), await taskBetween(parties, 'accepted')];
  const proof = await uploadedRow(parties.worker.token, bytes);
  const { db } = await getDatabase();
  await db.transaction((tx) =>
    recordProofPhotos(tx, { taskId: first.id, workerId: parties.worker.id, uploads: [proof] }),
  );
  const reused = (taskId: string, photos: PhotoHashes[]) =>
    db.transaction((tx) => findReusedPhotos(tx, { taskId, photos }));
  return { parties, first, second, proof, reused };
}

describe('findReusedPhotos', () => {
  it('the same photo uploaded again, or our re-encoded copy of it, is found on another task', async () => {
    const bytes = await makeJpeg({ seed: 11, exif: { make: 'Legphone' } });
    const { parties, second, proof, reused } = await worldWithProof(bytes);
    const again = await uploadedRow(parties.worker.token, bytes);
    const copy = await uploadedRow(parties.worker.token, await readFile(uploadPath(proof.storageKey)));
    const fresh = await uploadedRow(parties.worker.token, await makeJpeg({ seed: 12 }));
    expect(again.pixelSha256).toBe(proof.pixelSha256);
    expect(copy.pixelSha256).not.toBe(proof.pixelSha256); // lossy: only the perceptual hash can match it
    const photos = [again, copy, fresh].map((row) => ({ uploadId: row.id, ...row }));
    expect(await reused(second.id, photos)).toEqual(new Set([again.id, copy.id]));
  });

  it('matches within 6 differing bits wherever they fall, not at 7 or 8', async () => {
    const { second, proof, reused } = await worldWithProof(await makeJpeg({ seed: 21 }));
    const base = proof.perceptualHash ?? 0n;
    const near = (uploadId: string, bits: number[]) => ({
      uploadId,
      pixelSha256: otherPixels(),
      perceptualHash: flip(base, bits),
    });
    const photos = [
      near('00000000-0000-4000-8000-000000000005', [0, 17, 33, 49, 63]), // 5 bits
      near('00000000-0000-4000-8000-000000000006', [1, 2, 18, 19, 40, 60]), // 6 bits: bands differ by 2, 2, 1, 1
      near('00000000-0000-4000-8000-000000000007', [1, 2, 18, 19, 34, 35, 60]), // 7 bits: a candidate, too far
      near('00000000-0000-4000-8000-000000000008', [0, 1, 16, 17, 32, 33, 48, 63]), // 8 bits, 2 in each band
    ];
    expect(await reused(second.id, photos)).toEqual(
      new Set(['00000000-0000-4000-8000-000000000005', '00000000-0000-4000-8000-000000000006']),
    );
  });

  it('a hash with its top bit set (a negative bigint) is matched too', async () => {
    const { first, second, parties, reused } = await worldWithProof(await makeJpeg({ seed: 31 }));
    const { db } = await getDatabase();
    const hash = -0x0123_4567_89ab_cdefn;
    const [row] = await db
      .insert(uploads)
      .values({ userId: parties.worker.id, contentType: 'image/jpeg', sizeBytes: 1, sha256: 'x', storageKey: 'x' })
      .returning();
    const signed = { id: row?.id ?? '', pixelSha256: otherPixels(), perceptualHash: hash };
    await db.transaction((tx) =>
      recordProofPhotos(tx, { taskId: first.id, workerId: parties.worker.id, uploads: [signed] }),
    );
    const probe = { uploadId: 'probe', pixelSha256: otherPixels(), perceptualHash: flip(hash, [62, 63, 5]) };
    expect(await reused(second.id, [probe])).toEqual(new Set(['probe']));
  });

  it('the task’s own earlier proof (a resubmission) does not count, and recording it twice keeps one row', async () => {
    const bytes = await makeJpeg({ seed: 41 });
    const { first, parties, proof, reused } = await worldWithProof(bytes);
    const again = await uploadedRow(parties.worker.token, bytes);
    expect(await reused(first.id, [{ uploadId: again.id, ...again }])).toEqual(new Set());

    const { db } = await getDatabase();
    const hashless = { id: again.id, pixelSha256: null, perceptualHash: null };
    await db.transaction((tx) =>
      recordProofPhotos(tx, { taskId: first.id, workerId: parties.worker.id, uploads: [proof, hashless] }),
    );
    const rows = await db.select().from(proofPhotos).where(eq(proofPhotos.taskId, first.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      uploadId: proof.id,
      pixelSha256: proof.pixelSha256,
      perceptualHash: proof.perceptualHash,
    });
  });
});
