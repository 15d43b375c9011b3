import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { uploads } from '@/db/schema';
import { env } from '@/lib/env';
import { envelope, validationEnvelope } from '@/test/expect';
import { call, send, uniqueIp } from '@/test/http';
import { makeJpeg } from '@/test/jpeg';
import { signUpViaApi } from '@/test/sessions';
import { photo } from '@/test/upload-images';
import { PNG_BYTES, uploadRequest, withTemporaryDataDir } from '@/test/worker-profiles';
import { POST as upload } from './route';

withTemporaryDataDir();

const TOO_LARGE = envelope('PAYLOAD_TOO_LARGE', {
  hint: 'Files are limited to 10 MB; send a smaller or more compressed image.',
});
const notAnImage = (name: string) =>
  validationEnvelope([
    { path: ['file'], message: `“${name}” is not a JPEG, PNG or WebP image (recognised by its content)` },
  ]);

const storedFiles = async () => (await readdir(path.join(env().DATA_DIR, 'uploads')).catch(() => [])).length;
const uploadsOf = async (userId: string) => {
  const { db } = await getDatabase();
  return db.select().from(uploads).where(eq(uploads.userId, userId));
};

describe('POST /v1/uploads errors', () => {
  it('a text file named .png and declared image/png is 400', async () => {
    const { token } = await signUpViaApi('uploader');
    const res = await send(upload, uploadRequest(Buffer.from('just some text\n'), { token, filename: 'cat.png' }));
    expect(res.status).toBe(400);
    expect(res.json).toEqual(notAnImage('cat.png'));
  });

  it('a GIF (a real image, not an accepted type) is 400', async () => {
    const { token } = await signUpViaApi('uploader');
    const res = await send(upload, uploadRequest(Buffer.from('GIF89a\x01\x00\x01\x00'), { token, type: 'image/gif' }));
    expect(res.json).toEqual(notAnImage('photo.png'));
  });

  it.each([
    [
      'JPEG',
      'holiday.jpg',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('garbage'.repeat(64))]),
    ],
    [
      'JPEG',
      'truncated.jpg',
      async () => {
        // A real photo with EXIF GPS and time, cut off halfway through its pixels: the evidence is readable, the
        // image is not, so nothing is stored.
        const whole = await makeJpeg({ exif: { takenAt: new Date(), gps: { lat: 52.5, lng: 13.4 } } });
        return whole.subarray(0, Math.floor(whole.byteLength / 2));
      },
    ],
    ['PNG', 'cut.png', async () => (await photo('png')).subarray(0, 200)],
    [
      'WEBP',
      'x.webp',
      () => Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 junk')]),
    ],
  ])(
    'a %s that does not decode (right magic bytes, garbage or cut pixels) is 400 naming the file; nothing is stored',
    async (type, name, bytes) => {
      const { token, userId } = await signUpViaApi('uploader');
      const files = await storedFiles();
      const res = await send(upload, uploadRequest(await bytes(), { token, filename: name }));
      expect(res.status).toBe(400);
      expect(res.json).toEqual(
        validationEnvelope([{ path: ['file'], message: `“${name}” is not a decodable ${type} image` }]),
      );
      expect(await uploadsOf(userId)).toEqual([]);
      expect(await storedFiles()).toBe(files);
    },
  );

  it('a file over 10 MB is 413, whether the body is just over or far over', async () => {
    const { token } = await signUpViaApi('uploader');
    for (const size of [10 * 1024 * 1024 + 1, 11 * 1024 * 1024]) {
      const big = Buffer.alloc(size);
      PNG_BYTES.copy(big);
      const res = await send(upload, uploadRequest(big, { token }));
      expect(res.status).toBe(413);
      expect(res.json).toEqual(TOO_LARGE);
    }
  });

  it('exactly 10 MB is accepted (and stored re-encoded)', async () => {
    const { token } = await signUpViaApi('uploader');
    const big = Buffer.alloc(10 * 1024 * 1024);
    PNG_BYTES.copy(big); // a whole PNG, then bytes past its end that no decoder reads
    const res = await send(upload, uploadRequest(big, { token }));
    expect(res.status, res.text).toBe(201);
    expect(res.json.data.sizeBytes).toBeLessThan(1024);
  });

  it('a JSON body, a form without `file`, two files and an empty file are 400', async () => {
    const { token } = await signUpViaApi('uploader');
    const json = await call(upload, '/v1/uploads', { token, ip: uniqueIp(), body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect(json.json).toEqual(
      validationEnvelope([{ path: ['file'], message: 'Send the file as multipart/form-data with one `file` field' }]),
    );
    const exactlyOne = validationEnvelope([{ path: ['file'], message: 'Send exactly one file, in the `file` field' }]);
    const noFile = new FormData();
    noFile.append('photo', new Blob([PNG_BYTES]), 'a.png');
    const two = new FormData();
    two.append('file', new Blob([PNG_BYTES]), 'a.png');
    two.append('file', new Blob([PNG_BYTES]), 'b.png');
    const text = new FormData();
    text.append('file', 'not a file');
    for (const form of [noFile, two, text]) {
      const res = await send(
        upload,
        new Request('http://localhost:3000/v1/uploads', {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${token}`, 'x-legwork-peer-address': uniqueIp() },
        }),
      );
      expect(res.status).toBe(400);
      expect(res.json).toEqual(exactlyOne);
    }
    const empty = await send(upload, uploadRequest(Buffer.alloc(0), { token }));
    expect(empty.json).toEqual(validationEnvelope([{ path: ['file'], message: '“photo.png” is empty' }]));
  });
});
