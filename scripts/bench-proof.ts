// `npm run bench:proof`: what proof verification costs (issue 37).
// (a) An upload of a 4000×3000 phone-like JPEG of about 4 MB with EXIF time, GPS and camera, through createUpload
//     (decode once to raw pixels, pixel SHA-256 and dHash, EXIF read, re-encode, quota check, write, row), side by
//     side with the pipeline before the evidence step (decode, auto-orient and re-encode in one pass, then store),
//     runs alternating so both see the same machine. Target: added p50 <= 150 ms.
// (b) The duplicate check of a proof photo (findReusedPhotos) against 1,000,000 stored perceptual hashes (random,
//     inserted with generate_series), through the four band btrees, side by side with a sequential bit_count scan of
//     the same table. Target: p50 <= 10 ms.
// Both in a scratch PostgreSQL database and a temporary DATA_DIR.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { type Database, openDatabase } from '../db/client';
import { execute } from '../db/execute';
import { users } from '../db/schema';
import { createScratchDatabase, dropScratchDatabase } from '../db/scratch-database';
import { resetEnvCache } from '../lib/env';
import { createUpload } from '../lib/services/uploads/create-upload';
import { detectImageType } from '../lib/services/uploads/detect-image-type';
import { findReusedPhotos } from '../lib/services/uploads/find-reused-photos';
import { storeUploadBytes } from '../lib/services/uploads/store-upload-bytes';
import { phonePhoto, uploadForm } from './bench-photo';
import { median, serverUrl } from './bench-server';

const UPLOAD_RUNS = Number(process.env.BENCH_PROOF_UPLOAD_RUNS ?? 20);
const WARM_UP = 3;
const [WIDTH, HEIGHT] = [4000, 3000];
const STORED_HASHES = Number(process.env.BENCH_PROOF_ROWS ?? 1_000_000);
const PROBES = Number(process.env.BENCH_PROOF_PROBES ?? 300);
const SCAN_PROBES = 10;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * p) - 1)] ?? 0;
const ms = (value: number) => value.toFixed(1).padStart(7);

/** The upload as it was before the evidence step: one streaming decode, auto-orient and re-encode, then stored. */
async function uploadWithoutEvidence(database: Database, userId: string, form: FormData) {
  const sent = Buffer.from(await (form.get('file') as Blob).arrayBuffer());
  const contentType = detectImageType(sent);
  if (!contentType) throw new Error('not an image');
  const image = sharp(sent, { failOn: 'error' });
  await image.metadata();
  const bytes = await image.rotate().jpeg({ quality: 85, optimiseCoding: false }).toBuffer();
  await storeUploadBytes(database.db, { userId, bytes, contentType });
}

async function benchUpload(database: Database) {
  const photo = await phonePhoto(WIDTH, HEIGHT);
  const pipelines = {
    without: (userId: string, form: FormData) => uploadWithoutEvidence(database, userId, form),
    with: (userId: string, form: FormData) => createUpload(database.db, userId, form),
  };
  const times = { without: [] as number[], with: [] as number[] };
  for (let run = 0; run < WARM_UP + UPLOAD_RUNS; run++) {
    for (const name of run % 2 === 0 ? (['without', 'with'] as const) : (['with', 'without'] as const)) {
      // A fresh user each run: the daily upload count never gets in the way.
      const [user] = await database.db
        .insert(users)
        .values({ email: `bench-${randomUUID()}@bench.example` })
        .returning();
      const form = uploadForm(photo);
      const started = performance.now();
      await pipelines[name](user?.id ?? '', form);
      if (run >= WARM_UP) times[name].push(performance.now() - started);
    }
  }
  const [before, after] = [median(times.without), median(times.with)];
  console.log(
    `\n(a) upload of a ${WIDTH}×${HEIGHT} JPEG of ${(photo.byteLength / 1e6).toFixed(2)} MB with EXIF ` +
      `(ms, ${UPLOAD_RUNS} runs each, alternating)`,
  );
  console.log(`without the evidence step      p50 ${ms(before)}   p95 ${ms(percentile(times.without, 0.95))}`);
  console.log(`with EXIF read and both hashes p50 ${ms(after)}   p95 ${ms(percentile(times.with, 0.95))}`);
  console.log(`added by the evidence step     p50 ${ms(after - before)}   (target <= 150)`);
}

// The table holds a million earlier proofs. Its foreign keys are dropped in this scratch database so the rows need
// no tasks and uploads behind them: they play no part in the lookup. Indexes are rebuilt after the load, as a
// bulk load would.
async function loadStoredHashes(database: Database) {
  const started = performance.now();
  await execute(database.db, sql`alter table proof_photos drop constraint proof_photos_task_id_tasks_id_fk`);
  await execute(database.db, sql`alter table proof_photos drop constraint proof_photos_upload_id_uploads_id_fk`);
  await execute(database.db, sql`alter table proof_photos drop constraint proof_photos_worker_id_users_id_fk`);
  const indexes = ['pixel', 'band0', 'band1', 'band2', 'band3'];
  for (const name of indexes) await execute(database.db, sql.raw(`drop index proof_photos_${name}_idx`));
  await execute(
    database.db,
    sql`insert into proof_photos (task_id, upload_id, worker_id, pixel_sha256, perceptual_hash, band0, band1, band2, band3)
        select gen_random_uuid(), gen_random_uuid(), '00000000-0000-4000-8000-000000000001',
               encode(sha256(i::text::bytea), 'hex'), h,
               (h & 65535)::int, ((h >> 16) & 65535)::int, ((h >> 32) & 65535)::int, ((h >> 48) & 65535)::int
        from (select i, ('x' || substr(md5(i::text), 1, 16))::bit(64)::bigint as h
              from generate_series(1, ${STORED_HASHES}) as i) as hashes`,
  );
  await execute(database.db, sql`create index proof_photos_pixel_idx on proof_photos (pixel_sha256)`);
  for (const band of [0, 1, 2, 3]) {
    await execute(database.db, sql.raw(`create index proof_photos_band${band}_idx on proof_photos (band${band})`));
  }
  await execute(database.db, sql`analyze proof_photos`);
  return (performance.now() - started) / 1000;
}

/** Probe hashes: a few near copies of stored ones (a reused photo, 4 bits changed), the rest unseen photos. */
async function probeHashes(database: Database, count: number) {
  const stored = await execute<{ h: string }>(
    database.db,
    sql`select perceptual_hash::text as h from proof_photos tablesample system (1) limit ${Math.ceil(count / 10)}`,
  );
  const near = stored.map(({ h }) => BigInt.asIntN(64, BigInt(h) ^ 0x0001_0010_0100_1000n));
  const unseen = Array.from({ length: count - near.length }, () => randomBytes(8).readBigInt64BE());
  return [...near, ...unseen].map((perceptualHash) => ({
    uploadId: randomUUID(),
    pixelSha256: randomBytes(32).toString('hex'),
    perceptualHash,
  }));
}

async function benchDuplicateCheck(database: Database) {
  const loadSeconds = await loadStoredHashes(database);
  const probes = await probeHashes(database, PROBES);
  const taskId = randomUUID();
  const banded: number[] = [];
  const scanned: number[] = [];
  let found = 0;
  await database.db.transaction(async (tx) => {
    for (const photo of probes) {
      const started = performance.now();
      found += (await findReusedPhotos(tx, { taskId, photos: [photo] })).size;
      banded.push(performance.now() - started);
    }
    // Unseen photos, as most are: the scan must read every row to say so.
    for (const photo of probes.slice(-SCAN_PROBES)) {
      const started = performance.now();
      await execute(
        tx,
        sql`select 1 from proof_photos
            where task_id <> ${taskId} and (pixel_sha256 = ${photo.pixelSha256}
              or bit_count((perceptual_hash # ${photo.perceptualHash.toString()}::bigint)::bit(64)) <= 6)
            limit 1`,
      );
      scanned.push(performance.now() - started);
    }
  });
  console.log(
    `\n(b) duplicate check of one photo against ${STORED_HASHES.toLocaleString('en-US')} stored hashes ` +
      `(loaded in ${loadSeconds.toFixed(0)} s; ${probes.length} probes, ${found} near copies found)`,
  );
  console.log(
    `band btrees (findReusedPhotos) p50 ${ms(median(banded))}   p99 ${ms(percentile(banded, 0.99))}   (target p50 <= 10)`,
  );
  console.log(
    `sequential bit_count scan      p50 ${ms(median(scanned))}   p99 ${ms(percentile(scanned, 0.99))}   (${SCAN_PROBES} probes)`,
  );
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'legwork-bench-proof-'));
process.env.DATA_DIR = dataDir;
resetEnvCache();
const databaseUrl = await createScratchDatabase(serverUrl, 'legwork_bench_proof');
const database = await openDatabase({ driver: 'pg', url: databaseUrl }); // applies the migrations
try {
  await benchUpload(database);
  await benchDuplicateCheck(database);
} finally {
  await database.close();
  await dropScratchDatabase(serverUrl, databaseUrl);
  await rm(dataDir, { recursive: true, force: true });
}
