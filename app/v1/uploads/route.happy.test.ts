import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { GET as serveUpload } from '@/app/uploads/[id]/route';
import { POST as createProfile } from '@/app/v1/workers/route';
import { getDatabase } from '@/db/client';
import { uploads } from '@/db/schema';
import { uploadPath } from '@/lib/services/uploads/upload-path';
import { insertApiKey } from '@/test/factories';
import { call, send, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { hiddenMetadata, photo } from '@/test/upload-images';
import { PNG_BYTES, uploadRequest, withTemporaryDataDir } from '@/test/worker-profiles';
import { POST as upload } from './route';

withTemporaryDataDir();

const serve = async (id: string, token?: string) => {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  const response = await serveUpload(new Request(`http://localhost:3000/uploads/${id}`, { headers }), {
    params: Promise.resolve({ id }),
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
};

const NONE = { exif: undefined, xmp: undefined, icc: undefined, iptc: undefined, comments: undefined };

describe('POST /v1/uploads', () => {
  it.each([
    ['JPEG', 'jpeg', 'image/jpeg'],
    ['PNG', 'png', 'image/png'],
    ['WebP', 'webp', 'image/webp'],
  ] as const)(
    'stores a %s re-encoded without its EXIF GPS or ICC profile, and serves only that',
    async (_label, format, type) => {
      const { token } = await signUpViaApi('uploader');
      const sent = await photo(format);
      expect((await hiddenMetadata(sent)).exif).toBeDefined(); // the phone's EXIF, GPS included, is there to strip
      // The declared type is wrong on purpose: the stored type comes from the bytes.
      const res = await send(upload, uploadRequest(sent, { token, type: 'application/octet-stream' }));
      expect(res.status, res.text).toBe(201);
      const { id } = res.json.data;

      const { db } = await getDatabase();
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
      const stored = await readFile(uploadPath(row?.storageKey ?? ''));
      expect(stored.equals(sent)).toBe(false);
      expect(await hiddenMetadata(stored)).toEqual(NONE);
      const { format: storedFormat, width, height } = await sharp(stored).metadata();
      expect({ storedFormat, width, height }).toEqual({ storedFormat: format, width: 64, height: 48 });
      expect(row).toMatchObject({
        contentType: type,
        sizeBytes: stored.byteLength,
        sha256: createHash('sha256').update(stored).digest('hex'),
      });
      // Read as evidence before it was stripped: the test photo has a camera and a position, but no time.
      expect(res.json).toEqual({
        data: {
          id,
          url: `http://localhost:3000/uploads/${id}`,
          contentType: type,
          sizeBytes: stored.byteLength,
          capturedAt: null,
          location: { lat: expect.closeTo(48.856667, 6), lng: expect.closeTo(2.352222, 6), accuracyMeters: null },
          hasCameraMetadata: true,
          captureSource: null,
        },
      });

      // Not linked to anything yet: its uploader's alone, never cached.
      const served = await serve(id, token);
      expect(served.status).toBe(200);
      expect(served.bytes.equals(stored)).toBe(true);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toBe('private, no-store');
      expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox; frame-ancestors 'none'");
    },
  );

  it('a photo taken sideways (EXIF orientation 6) is stored upright, the orientation tag gone', async () => {
    const { token } = await signUpViaApi('uploader');
    const sideways = await sharp(await photo('jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const res = await send(upload, uploadRequest(sideways, { token }));
    expect(res.status, res.text).toBe(201);
    const served = await serve(res.json.data.id, token);
    const { width, height, orientation } = await sharp(served.bytes).metadata();
    expect({ width, height, orientation }).toEqual({ width: 48, height: 64, orientation: undefined });
  });

  it('an API key may upload too', async () => {
    const { userId } = await signUpViaApi('agent-op');
    const { db } = await getDatabase();
    const { key } = await insertApiKey(db, { userId, scopes: [] });
    const res = await send(upload, uploadRequest(PNG_BYTES, { token: key }));
    expect(res.status).toBe(201);
  });

  it('the upload’s id or url goes into a profile’s photos, stored as the url, then served to anyone', async () => {
    const { token } = await signUpViaApi('worker');
    const first = (await send(upload, uploadRequest(PNG_BYTES, { token }))).json.data;
    const second = (await send(upload, uploadRequest(PNG_BYTES, { token }))).json.data;
    const res = await call(createProfile, '/v1/workers', {
      token,
      ip: uniqueIp(),
      body: { photos: [first.id, second.url] },
    });
    expect(res.status).toBe(201);
    expect(res.json.data.photos).toEqual([first.url, second.url]);
    for (const { id } of [first, second]) {
      const served = await serve(id);
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox; frame-ancestors 'none'");
    }
  });

  it('an Idempotency-Key retry with the same file (another boundary) replays; another file is 422', async () => {
    const { token } = await signUpViaApi('uploader');
    const keyed = (bytes: Uint8Array) => {
      const request = uploadRequest(bytes, { token });
      request.headers.set('idempotency-key', `upload-${token.slice(-12)}`);
      return request;
    };
    const first = await send(upload, keyed(PNG_BYTES));
    expect(first.status).toBe(201);
    const retry = await send(upload, keyed(PNG_BYTES));
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.json).toEqual(first.json);
    const other = await send(upload, keyed(await photo('jpeg')));
    expect(other.status).toBe(422);
    expect(other.json.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('GET /uploads/{id} of an unknown or malformed id is 404, not cached, with the sandboxing CSP', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', '../../etc/passwd']) {
      const served = await serve(id);
      expect(served.status).toBe(404);
      expect(served.headers.get('cache-control')).toBe('no-store');
      expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox; frame-ancestors 'none'");
    }
  });
});
