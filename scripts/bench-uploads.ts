// `npm run bench:uploads`: what re-encoding costs an upload. A 12 MP phone-like JPEG of about 4 MB (noise, lightly
// blurred, with EXIF camera and GPS tags) goes through createUpload as POST /v1/uploads calls it (decode, auto-orient,
// strip metadata, re-encode at quality 85, quota check, write, row) in a scratch PostgreSQL database and a temporary
// DATA_DIR, side by side with the plain store it replaces (type from the magic bytes, quota check, write, row).
// Median and p95 of RUNS each, after WARM_UP; target: re-encoded p50 <= 400 ms.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../db/client';
import { users } from '../db/schema';
import { createScratchDatabase, dropScratchDatabase } from '../db/scratch-database';
import { resetEnvCache } from '../lib/env';
import { createUpload } from '../lib/services/uploads/create-upload';
import { detectImageType } from '../lib/services/uploads/detect-image-type';
import { storeUploadBytes } from '../lib/services/uploads/store-upload-bytes';
import { phonePhoto, uploadForm } from './bench-photo';
import { median, serverUrl } from './bench-server';

const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 30);
const WARM_UP = 3;
const [WIDTH, HEIGHT] = [4032, 3024];

/** The store before re-encoding: the sent bytes, as they came. */
async function plainStore(database: Database, userId: string, form: FormData) {
  const bytes = Buffer.from(await (form.get('file') as Blob).arrayBuffer());
  const contentType = detectImageType(bytes);
  if (!contentType) throw new Error('not an image');
  await storeUploadBytes(database.db, { userId, bytes, contentType });
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1] ?? 0;

async function measure(store: (userId: string, form: FormData) => Promise<unknown>, database: Database, photo: Buffer) {
  const times: number[] = [];
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    // A fresh user each run: the daily upload count never gets in the way.
    const [user] = await database.db
      .insert(users)
      .values({ email: `bench-${randomUUID()}@bench.example` })
      .returning();
    const form = uploadForm(photo);
    const started = performance.now();
    await store(user?.id ?? '', form);
    if (run >= WARM_UP) times.push(performance.now() - started);
  }
  return { p50: median(times), p95: p95(times) };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'legwork-bench-uploads-'));
process.env.DATA_DIR = dataDir;
resetEnvCache();
const databaseUrl = await createScratchDatabase(serverUrl, 'legwork_bench_uploads');
const database = await openDatabase({ driver: 'pg', url: databaseUrl }); // applies the migrations
try {
  const photo = await phonePhoto(WIDTH, HEIGHT);
  const plain = await measure((userId, form) => plainStore(database, userId, form), database, photo);
  const reencoded = await measure((userId, form) => createUpload(database.db, userId, form), database, photo);
  const [last] = await database.db.insert(users).values({}).returning();
  const stored = await createUpload(database.db, last?.id ?? '', uploadForm(photo));
  console.log(
    `\nupload of a ${WIDTH}×${HEIGHT} JPEG, ${(photo.byteLength / 1e6).toFixed(2)} MB sent, ` +
      `${(stored.sizeBytes / 1e6).toFixed(2)} MB stored re-encoded (ms, ${RUNS} runs)`,
  );
  console.log(
    `plain store (before)       p50 ${plain.p50.toFixed(0).padStart(5)}   p95 ${plain.p95.toFixed(0).padStart(5)}`,
  );
  console.log(
    `re-encoded and stored       p50 ${reencoded.p50.toFixed(0).padStart(5)}   p95 ${reencoded.p95.toFixed(0).padStart(5)}   (target p50 <= 400)`,
  );
} finally {
  await database.close();
  await dropScratchDatabase(serverUrl, databaseUrl);
  await rm(dataDir, { recursive: true, force: true });
}
