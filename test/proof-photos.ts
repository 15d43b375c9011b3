import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { POST as uploadRoute } from '@/app/v1/uploads/route';
import { send } from './http';
import { type PhotoExif, withExif } from './jpeg';
import { uploadRequest } from './worker-profiles';

/** What the app sends beside the file: how it captured the photo and where the device was. */
export type CaptureFields = { source?: 'camera' | 'gallery'; lat?: number; lng?: number; accuracy?: number };

/** A picture (`uniquePicture` when absent) with `exif` written into it by test/jpeg.ts (none when absent). */
export type ProofPhoto = { picture?: Buffer; exif?: PhotoExif };

/** POST /v1/uploads of a real JPEG, as the holder of `token`; answers the upload's id. */
export async function uploadProofPhoto(token: string, photo: ProofPhoto = {}, fields: CaptureFields = {}) {
  const picture = photo.picture ?? (await uniquePicture());
  const bytes = photo.exif ? withExif(picture, photo.exif) : picture;
  const form = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)]));
  const res = await send(
    uploadRoute,
    uploadRequest(bytes, { token, filename: 'proof.jpg', type: 'image/jpeg', fields: form }),
  );
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${res.text}`);
  return res.json.data.id as string;
}

/**
 * A JPEG no other test sends: every proof photo of the run lands in one table, and a picture seen twice is a
 * duplicate. Random 8×8 blocks, so perceptual hashes are unrelated (makeJpeg's seeds repeat across files).
 */
export async function uniquePicture(): Promise<Buffer> {
  const shades = randomBytes(64);
  return sharp(shades, { raw: { width: 8, height: 8, channels: 1 } })
    .resize(640, 480, { kernel: 'nearest' })
    .toColourspace('srgb')
    .jpeg({ quality: 90 })
    .toBuffer();
}
