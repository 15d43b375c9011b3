import { describe, expect, it } from 'vitest';
import { GET as serveUpload } from '@/app/uploads/[id]/route';
import { POST as createProfile } from '@/app/v1/workers/route';
import { getDatabase } from '@/db/client';
import { insertApiKey } from '@/test/factories';
import { call, send, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { PNG_BYTES, uploadRequest, withTemporaryDataDir } from '@/test/worker-profiles';
import { POST as upload } from './route';

withTemporaryDataDir();

const JPEG_BYTES = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0rest-of-jpeg'),
]);
const WEBP_BYTES = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 webp-data')]);

const serve = async (id: string) => {
  const response = await serveUpload(new Request(`http://localhost:3000/uploads/${id}`), {
    params: Promise.resolve({ id }),
  });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
};

describe('POST /v1/uploads', () => {
  it.each([
    ['PNG', PNG_BYTES, 'image/png'],
    ['JPEG', JPEG_BYTES, 'image/jpeg'],
    ['WebP', WEBP_BYTES, 'image/webp'],
  ])('stores a %s and serves it back byte for byte with its type', async (_label, bytes, type) => {
    const { token } = await signUpViaApi('uploader');
    // The declared type is wrong on purpose: the stored type comes from the bytes.
    const res = await send(upload, uploadRequest(bytes, { token, type: 'application/octet-stream' }));
    expect(res.status).toBe(201);
    const { id } = res.json.data;
    expect(res.json).toEqual({
      data: { id, url: `http://localhost:3000/uploads/${id}`, contentType: type, sizeBytes: bytes.byteLength },
    });
    const served = await serve(id);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(bytes)).toBe(true);
    expect(served.headers.get('content-type')).toBe(type);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('an API key may upload too', async () => {
    const { userId } = await signUpViaApi('agent-op');
    const { db } = await getDatabase();
    const { key } = await insertApiKey(db, { userId, scopes: [] });
    const res = await send(upload, uploadRequest(PNG_BYTES, { token: key }));
    expect(res.status).toBe(201);
  });

  it('the upload’s id or url goes into a profile’s photos, stored as the url', async () => {
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
    const other = await send(upload, keyed(JPEG_BYTES));
    expect(other.status).toBe(422);
    expect(other.json.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('GET /uploads/{id} of an unknown or malformed id is 404', async () => {
    expect((await serve('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await serve('../../etc/passwd')).status).toBe(404);
  });
});
