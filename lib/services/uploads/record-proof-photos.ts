import type { Tx } from '@/db/database';
import { proofPhotos } from '@/db/schema';
import { hashBands } from '@/lib/tasks/hash-bands';

export type ProofUploadHashes = { id: string; pixelSha256: string | null; perceptualHash: bigint | null };
export type RecordProofPhotos = { taskId: string; workerId: string; uploads: readonly ProofUploadHashes[] };

/**
 * Keeps the hashes of a submission's photos so a later task's proof can be compared with them (findReusedPhotos).
 * An upload stored before hashes were computed has none and is skipped; one already recorded for the task (a
 * resubmission) is left as it was.
 */
export async function recordProofPhotos(tx: Tx, { taskId, workerId, uploads }: RecordProofPhotos): Promise<void> {
  const rows = uploads.flatMap(({ id, pixelSha256, perceptualHash }) => {
    if (pixelSha256 === null || perceptualHash === null) return [];
    const [band0, band1, band2, band3] = hashBands(perceptualHash);
    return [{ taskId, uploadId: id, workerId, pixelSha256, perceptualHash, band0, band1, band2, band3 }];
  });
  if (rows.length === 0) return;
  await tx.insert(proofPhotos).values(rows).onConflictDoNothing();
}
