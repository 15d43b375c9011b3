import { sql } from 'drizzle-orm';
import type { Tx } from '@/db/database';
import { execute } from '@/db/execute';
import { bandNeighbours, hashBands } from '@/lib/tasks/hash-bands';
import { DUPLICATE_HAMMING_DISTANCE } from '@/lib/tasks/proof-verification';

export type PhotoHashes = { uploadId: string; pixelSha256: string | null; perceptualHash: bigint | null };
export type FindReusedPhotos = { taskId: string; photos: readonly PhotoHashes[] };

const intArray = (values: readonly number[]) => `{${values.join(',')}}`;

/**
 * The uploads among `photos` that were already submitted as proof of another task: the same pixels, or a
 * perceptual hash within DUPLICATE_HAMMING_DISTANCE bits. The task's own earlier submissions (a resubmission after
 * a revision) do not count.
 *
 * Two 64-bit hashes within 7 differing bits have, by pigeonhole over the four 16-bit bands, one band that differs
 * in at most one bit: probing each band's btree for its value and its 16 one-bit neighbours finds every candidate
 * within 6, and only those candidates are compared bit by bit.
 */
export async function findReusedPhotos(tx: Tx, { taskId, photos }: FindReusedPhotos): Promise<Set<string>> {
  const reused = new Set<string>();
  for (const { uploadId, pixelSha256, perceptualHash } of photos) {
    if (pixelSha256 === null && perceptualHash === null) continue;
    const samePixels = pixelSha256 === null ? sql`false` : sql`pixel_sha256 = ${pixelSha256}`;
    const [band0, band1, band2, band3] = perceptualHash === null ? [] : hashBands(perceptualHash).map(bandNeighbours);
    const nearHash =
      perceptualHash === null
        ? sql`false`
        : sql`(band0 = any(${intArray(band0 ?? [])}::int[]) or band1 = any(${intArray(band1 ?? [])}::int[])
              or band2 = any(${intArray(band2 ?? [])}::int[]) or band3 = any(${intArray(band3 ?? [])}::int[]))
             and bit_count((perceptual_hash # ${perceptualHash.toString()}::bigint)::bit(64))
               <= ${DUPLICATE_HAMMING_DISTANCE}`;
    // Submit proof: is this photo already another task's proof? Materialized, because under a bare `limit 1` the
    // planner expects a match within a few pages and scans the whole table instead of the indexes.
    const rows = await execute<{ found: number }>(
      tx,
      sql`with matches as materialized (
            select 1 from proof_photos where task_id <> ${taskId} and (${samePixels} or (${nearHash}))
          )
          select 1 as found from matches limit 1`,
    );
    if (rows.length > 0) reused.add(uploadId);
  }
  return reused;
}
