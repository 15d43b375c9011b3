import { createHash } from 'node:crypto';
import sharp from 'sharp';

export type RawPixels = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

/** How a picture is recognised again: the SHA-256 of its RGB pixels and a 64-bit dHash (a signed bigint). */
export type PixelFingerprint = { pixelSha256: string; perceptualHash: bigint };

/**
 * From the upright decoded pixels, so the same picture re-encoded losslessly, or rotated by its orientation tag
 * rather than by its pixels, has the same pixel hash; the dHash survives lossy re-encoding and resizing too.
 */
export async function fingerprintPixels({ data, width, height, channels }: RawPixels): Promise<PixelFingerprint> {
  const raw = { raw: { width, height, channels } };
  const [rgb, grey] = await Promise.all([
    channels === 3 ? data : sharp(data, raw).removeAlpha().toColourspace('srgb').raw().toBuffer(),
    greyThumbnail({ data, width, height, channels }),
  ]);
  return { pixelSha256: createHash('sha256').update(rgb).digest('hex'), perceptualHash: differenceHash(grey) };
}

// 9×8 grey pixels, each the mean of about a thousand samples of its cell. A direct Lanczos reduction of 12 MP to
// 9×8 takes a kernel thousands of pixels wide (about 400 ms); sampling a 288×256 grid first takes a few.
async function greyThumbnail({ data, width, height, channels }: RawPixels): Promise<Buffer> {
  const [sampledWidth, sampledHeight] = [Math.min(width, 288), Math.min(height, 256)];
  const sampled = await sharp(data, { raw: { width, height, channels } })
    .removeAlpha()
    .resize(sampledWidth, sampledHeight, { fit: 'fill', kernel: 'nearest' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(sampled.data, { raw: { width: sampledWidth, height: sampledHeight, channels: sampled.info.channels } })
    .greyscale()
    .resize(9, 8, { fit: 'fill' })
    .raw()
    .toBuffer();
}

/** dHash: for each of 8 rows of 9 grey pixels, one bit per neighbouring pair, set when the left one is brighter. */
export function differenceHash(grey: Buffer): bigint {
  let hash = 0n;
  for (let y = 0; y < 8; y += 1) {
    for (let x = 0; x < 8; x += 1) {
      hash = (hash << 1n) | ((grey[y * 9 + x] ?? 0) > (grey[y * 9 + x + 1] ?? 0) ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}
