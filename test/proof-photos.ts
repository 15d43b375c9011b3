import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { POST as uploadRoute } from '@/app/v1/uploads/route';
import { send, uniqueIp } from './http';
import { type PhotoExif, withExif } from './jpeg';

/** What the app sends beside the file: how it captured the photo and where the device was. */
export type CaptureFields = { source?: 'camera' | 'gallery'; lat?: number; lng?: number; accuracy?: number };

/** A picture (`uniquePicture` when absent) with `exif` written into it by test/jpeg.ts (none when absent). */
export type ProofPhoto = { picture?: Buffer; exif?: PhotoExif };

/** POST /v1/uploads of a real JPEG, as the holder of `token`; answers the upload's id. */
export async function uploadProofPhoto(token: string, photo: ProofPhoto = {}, fields: CaptureFields = {}) {
  const picture = photo.picture ?? (await uniquePicture());
  const bytes = photo.exif ? withExif(picture, photo.exif) : picture;
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

/**
 * A JPEG no other test sends: every proof photo of the run lands in one table, and a picture seen twice is a
 * duplicate. Random 8×8 blocks, so perceptual hashes are unrelated (makeJpeg's seeds collapse to a few patterns
 * once its arithmetic passes 2^53).
 */
export async function uniquePicture(): Promise<Buffer> {
  const shades = randomBytes(64);
  return sharp(shades, { raw: { width: 8, height: 8, channels: 1 } })
    .resize(640, 480, { kernel: 'nearest' })
    .toColourspace('srgb')
    .jpeg({ quality: 90 })
    .toBuffer();
}
