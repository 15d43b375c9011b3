// `npm run bench:uploads`: what re-encoding costs an upload. A 12 MP phone-like JPEG of about 4 MB (noise, lightly
// blurred, with EXIF camera and GPS tags) goes through createUpload as POST /v1/uploads calls it (decode, auto-orient,
// strip metadata, re-encode at quality 85, quota check, write, row) in a scratch PostgreSQL database and a temporary
// DATA_DIR, side by side with the plain store it replaces (type from the magic bytes, quota check, write, row).
// Median and p95 of RUNS each, after WARM_UP; target: re-encoded p50 <= 400 ms.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { type Database, openDatabase } from '../db/client';
import { users } from '../db/schema';
import { createScratchDatabase, dropScratchDatabase } from '../db/scratch-database';
import { resetEnvCache } from '../lib/env';
import { createUpload } from '../lib/services/uploads/create-upload';
import { detectImageType } from '../lib/services/uploads/detect-image-type';
import { storeUploadBytes } from '../lib/services/uploads/store-upload-bytes';
import { median, serverUrl } from './bench-server';

const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 30);
const WARM_UP = 3;
const [WIDTH, HEIGHT] = [4032, 3024];

/** About 4 MB of 12 MP JPEG that compresses like a photo, with what a phone writes in EXIF (GPS included). */
async function phonePhoto(): Promise<Buffer> {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 7;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    pixels[i] = seed >>> 24;
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .blur(1.2)
    .withExif({
      IFD0: { Make: 'Legphone', Model: 'L1 Pro' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 8/1' },
    })
    .jpeg({ quality: 91 })
    .toBuffer();
}

/** The store before re-encoding: the sent bytes, as they came. */
async function plainStore(database: Database, userId: string, form: FormData) {
  const bytes = Buffer.from(await (form.get('file') as Blob).arrayBuffer());
  const contentType = detectImageType(bytes);
  if (!contentType) throw new Error('not an image');
  await storeUploadBytes(database.db, { userId, bytes, contentType });
}

/** The multipart body as the pipeline hands it over. */
function formOf(photo: Buffer): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
  return form;
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
    const form = formOf(photo);
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
  const photo = await phonePhoto();
  const plain = await measure((userId, form) => plainStore(database, userId, form), database, photo);
  const reencoded = await measure((userId, form) => createUpload(database.db, userId, form), database, photo);
  const [last] = await database.db.insert(users).values({}).returning();
  const stored = await createUpload(database.db, last?.id ?? '', formOf(photo));
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
