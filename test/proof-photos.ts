import { POST as uploadRoute } from '@/app/v1/uploads/route';
import { send, uniqueIp } from './http';
import { makeJpeg, type TestPhoto } from './jpeg';

/** What the app sends beside the file: how it captured the photo and where the device was. */
export type CaptureFields = { source?: 'camera' | 'gallery'; lat?: number; lng?: number; accuracy?: number };

/** POST /v1/uploads of a real JPEG made by test/jpeg.ts, as the holder of `token`; answers the upload's id. */
export async function uploadProofPhoto(token: string, photo: TestPhoto | Buffer, fields: CaptureFields = {}) {
  const bytes = Buffer.isBuffer(photo) ? photo : await makeJpeg(photo);
  const res = await send(uploadRoute, uploadRequest(token, bytes, fields));
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${res.text}`);
  return res.json.data.id as string;
}

function uploadRequest(token: string, bytes: Buffer, fields: CaptureFields) {
  const boundary = `legwork-proof-${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const body = Buffer.concat([
    ...parts,
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers = new Headers({
    'x-legwork-peer-address': uniqueIp(),
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': String(body.byteLength),
    authorization: `Bearer ${token}`,
  });
  return new Request('http://localhost:3000/v1/uploads', { method: 'POST', body, headers });
}
