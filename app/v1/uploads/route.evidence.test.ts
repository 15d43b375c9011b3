import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import exifr from 'exifr';
import piexif from 'piexifjs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { GET as serveUpload } from '@/app/uploads/[id]/route';
import { getDatabase } from '@/db/client';
import { uploads } from '@/db/schema';
import { env } from '@/lib/env';
import { validationEnvelope } from '@/test/expect';
import { send } from '@/test/http';
import { makeJpeg } from '@/test/jpeg';
import { signUpViaApi } from '@/test/sessions';
import { uploadRequest, withTemporaryDataDir } from '@/test/worker-profiles';
import { POST as upload } from './route';

withTemporaryDataDir();

const TAKEN_AT = new Date('2026-11-30T14:05:09Z');
const PLACE = { lat: 40.741895, lng: -73.989308 };

async function uploadPhoto(bytes: Buffer, fields?: Record<string, string>, filename = 'IMG_0001.jpg') {
  const { token, userId } = await signUpViaApi('worker');
  const res = await send(upload, uploadRequest(bytes, { token, type: 'image/jpeg', filename, fields }));
  return { res, token, userId };
}

async function rowOf(id: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row;
}

/** `jpeg` with what piexifjs cannot write (it predates OffsetTimeOriginal), written by libvips. */
const withZonedClock = (jpeg: Buffer, wallClock: string, offset: string) =>
  sharp(jpeg)
    .withExif({ IFD2: { DateTimeOriginal: wallClock, OffsetTimeOriginal: offset } })
    .jpeg()
    .toBuffer();

describe('POST /v1/uploads reads the photo’s evidence before stripping it', () => {
  it('the GPS time, position and accuracy and the camera are stored and answered; served bytes carry none', async () => {
    const sent = await makeJpeg({
      exif: { takenAt: TAKEN_AT, gps: { ...PLACE, accuracyMeters: 4.5 }, make: 'Legphone', model: 'L2 Pro' },
    });
    const { res, token } = await uploadPhoto(sent, {
      source: 'camera',
      lat: '40.7419',
      lng: '-73.9893',
      accuracy: '12',
    });
    expect(res.status, res.text).toBe(201);
    const { id } = res.json.data;
    expect(res.json.data).toMatchObject({
      capturedAt: TAKEN_AT.toISOString(),
      location: { lat: expect.closeTo(PLACE.lat, 6), lng: expect.closeTo(PLACE.lng, 6), accuracyMeters: 4.5 },
      hasCameraMetadata: true,
      captureSource: 'camera',
    });
    const row = await rowOf(id);
    expect(row).toMatchObject({
      capturedAt: TAKEN_AT,
      capturedAtFloating: false,
      gpsLat: expect.closeTo(PLACE.lat, 6),
      gpsLng: expect.closeTo(PLACE.lng, 6),
      gpsAccuracyMeters: 4.5,
      cameraMake: 'Legphone',
      cameraModel: 'L2 Pro',
      captureSource: 'camera',
      deviceLat: 40.7419,
      deviceLng: -73.9893,
      deviceAccuracyMeters: 12,
      pixelSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      perceptualHash: expect.any(BigInt),
    });

    const served = await serveUpload(
      new Request(`http://localhost:3000/uploads/${id}`, { headers: { authorization: `Bearer ${token}` } }),
      { params: Promise.resolve({ id }) },
    );
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(await exifr.parse(bytes, { tiff: true, exif: true, gps: true, xmp: true, icc: true, iptc: true })).toBe(
      undefined,
    );
  });

  it('a camera clock with its zone offset is exact; without a zone it is stored as if UTC and marked floating', async () => {
    const plain = await makeJpeg({ seed: 2 });
    const zoned = await uploadPhoto(await withZonedClock(plain, '2026:11:30 16:05:09', '+02:00'));
    expect(zoned.res.json.data).toMatchObject({ capturedAt: TAKEN_AT.toISOString(), location: null });
    expect(await rowOf(zoned.res.json.data.id)).toMatchObject({ capturedAt: TAKEN_AT, capturedAtFloating: false });

    const floating = await uploadPhoto(await makeJpeg({ seed: 2, exif: { takenAt: TAKEN_AT } }));
    expect(floating.res.json.data).toMatchObject({
      capturedAt: TAKEN_AT.toISOString(),
      location: null,
      hasCameraMetadata: true,
      captureSource: null,
    });
    expect(await rowOf(floating.res.json.data.id)).toMatchObject({ capturedAt: TAKEN_AT, capturedAtFloating: true });
  });

  it('without GPS time, the zone-less camera clock is used even when a GPS position is there', async () => {
    const sent = await makeJpeg({ exif: { takenAt: TAKEN_AT, gps: PLACE, noGpsTime: true } });
    const { res } = await uploadPhoto(sent);
    expect(res.json.data.location).toEqual({
      lat: expect.closeTo(PLACE.lat, 6),
      lng: expect.closeTo(PLACE.lng, 6),
      accuracyMeters: null,
    });
    expect(await rowOf(res.json.data.id)).toMatchObject({ capturedAt: TAKEN_AT, capturedAtFloating: true });
  });

  it.each([
    ['latitude 200', { takenAt: TAKEN_AT, gps: { lat: 200, lng: 2.35 } }],
    ['0/0 (a GPS with no fix)', { takenAt: TAKEN_AT, gps: { lat: 0, lng: 0 } }],
    ['a date in 1970', { takenAt: new Date('1970-01-01T00:00:00Z'), gps: { lat: 400, lng: 10 } }],
    ['a date next week', { takenAt: new Date(Date.now() + 7 * 86_400_000), gps: { lat: 0, lng: 0 } }],
  ])('impossible EXIF (%s) is no evidence, never an error', async (label, exif) => {
    const { res } = await uploadPhoto(await makeJpeg({ exif }));
    expect(res.status, res.text).toBe(201);
    const dated = label === 'latitude 200' || label.startsWith('0/0');
    expect(res.json.data).toMatchObject({
      capturedAt: dated ? TAKEN_AT.toISOString() : null,
      location: null,
      hasCameraMetadata: dated,
    });
    expect(await rowOf(res.json.data.id)).toMatchObject({ gpsLat: null, gpsLng: null, gpsAccuracyMeters: null });
  });

  it('GPS rationals that divide by zero and a garbled time are no evidence', async () => {
    const gps = {
      [piexif.GPSIFD.GPSLatitudeRef]: 'N',
      [piexif.GPSIFD.GPSLatitude]: [
        [48, 0],
        [0, 0],
        [0, 0],
      ],
      [piexif.GPSIFD.GPSLongitudeRef]: 'E',
      [piexif.GPSIFD.GPSLongitude]: [
        [2, 1],
        [0, 1],
        [0, 1],
      ],
      [piexif.GPSIFD.GPSDateStamp]: '2026:02:31',
      [piexif.GPSIFD.GPSTimeStamp]: [
        [25, 1],
        [0, 1],
        [0, 1],
      ],
    };
    const exif = { [piexif.ExifIFD.DateTimeOriginal]: 'yesterday, around noon' };
    const dump = piexif.dump({ '0th': { [piexif.ImageIFD.Make]: '   ' }, Exif: exif, GPS: gps });
    const sent = Buffer.from(piexif.insert(dump, (await makeJpeg()).toString('binary')), 'binary');
    const { res } = await uploadPhoto(sent);
    expect(res.status, res.text).toBe(201);
    expect(res.json.data).toMatchObject({ capturedAt: null, location: null, hasCameraMetadata: false });
  });

  it('a photo without metadata has none, and its hashes are still computed', async () => {
    const { res } = await uploadPhoto(await makeJpeg({ seed: 5 }));
    expect(res.json.data).toMatchObject({ capturedAt: null, location: null, hasCameraMetadata: false });
    const row = await rowOf(res.json.data.id);
    expect(row?.pixelSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(typeof row?.perceptualHash).toBe('bigint');
  });

  it('the same picture turned by its orientation tag or by its pixels has the same pixel hash', async () => {
    const sideways = await makeJpeg({ seed: 9, width: 320, height: 240 });
    const tagged = Buffer.from(
      piexif.insert(piexif.dump({ '0th': { [piexif.ImageIFD.Orientation]: 6 } }), sideways.toString('binary')),
      'binary',
    );
    const turned = await sharp(sideways).rotate(90).png().toBuffer(); // the decoded pixels, turned, kept losslessly
    const first = await uploadPhoto(tagged);
    const second = await uploadPhoto(turned, undefined, 'turned.png');
    expect(first.res.status, first.res.text).toBe(201);
    expect(second.res.status, second.res.text).toBe(201);
    const [a, b] = [await rowOf(first.res.json.data.id), await rowOf(second.res.json.data.id)];
    expect(a?.pixelSha256).toBe(b?.pixelSha256);
    expect(a?.perceptualHash).toBe(b?.perceptualHash);
  });
});

describe('POST /v1/uploads form fields', () => {
  const storedFiles = async () => (await readdir(path.join(env().DATA_DIR, 'uploads')).catch(() => [])).length;

  it('`source` gallery is stored; no position is fine', async () => {
    const { res } = await uploadPhoto(await makeJpeg(), { source: 'gallery' });
    expect(res.json.data.captureSource).toBe('gallery');
    expect(await rowOf(res.json.data.id)).toMatchObject({ captureSource: 'gallery', deviceLat: null, deviceLng: null });
  });

  it('the device’s clock at an in-app capture is stored beside the EXIF evidence', async () => {
    const capturedAt = new Date(Date.now() - 20 * 60_000).toISOString();
    const { res } = await uploadPhoto(await makeJpeg(), { source: 'camera', capturedAt });
    expect(res.status, res.text).toBe(201);
    expect(await rowOf(res.json.data.id)).toMatchObject({ deviceCapturedAt: new Date(capturedAt) });
  });

  it.each([
    [{ source: 'screenshot' }, ['source']],
    [{ lat: 'north', lng: '2' }, ['lat']],
    [{ lat: '91', lng: '2' }, ['lat']],
    [{ lat: '48', lng: '-180.5' }, ['lng']],
    [{ lat: '48' }, ['lng']],
    [{ lng: '2' }, ['lat']],
    [{ lat: '48', lng: '2', accuracy: '-3' }, ['accuracy']],
    [{ lat: '48', lng: '2', accuracy: '' }, ['accuracy']],
    [{ accuracy: '10' }, ['accuracy']],
    [{ capturedAt: 'yesterday' }, ['capturedAt']],
    [{ capturedAt: new Date(Date.now() + 3_600_000).toISOString() }, ['capturedAt']],
  ])('%o is 400 naming %o, and nothing is stored', async (fields, field) => {
    const before = await storedFiles();
    const { res, userId } = await uploadPhoto(await makeJpeg(), fields);
    expect(res.status, res.text).toBe(400);
    expect(res.json).toEqual(validationEnvelope([{ path: field, message: expect.any(String) }]));
    const { db } = await getDatabase();
    expect(await db.select().from(uploads).where(eq(uploads.userId, userId))).toEqual([]);
    expect(await storedFiles()).toBe(before);
  });
});
