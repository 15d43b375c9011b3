import sharp, { type Metadata } from 'sharp';
import type { ImageType } from './detect-image-type';
import { fingerprintPixels, type PixelFingerprint } from './fingerprint-pixels';

// Each upload is decoded once: libvips' operation cache would only hold decoded pixels nobody asks for again.
sharp.cache(false);

/** A 48 MP phone photo is 8000×6000. */
export const MAX_INPUT_PIXELS = 50_000_000;

const FORMATS: Record<string, ImageType> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

// The original's metadata is kept for a caller that needs something from it (where a proof photo was taken).
export type ReencodedImage = { bytes: Buffer; contentType: ImageType; metadata: Metadata } & PixelFingerprint;

// Decoded once, upright, to raw pixels: the stored file and both hashes are made from them, so the fingerprint
// costs hashing and a 9×8 resize, not a second decode. JPEG without Huffman optimisation, which alone would
// triple the time of a 12 MP photo. Raw pixels carry no metadata, so EXIF (GPS included), XMP, IPTC and the ICC
// profile are not in the result.
export async function reencodeImage(bytes: Buffer, type: ImageType): Promise<ReencodedImage | null> {
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });
    const metadata = await image.metadata();
    if (FORMATS[metadata.format ?? ''] !== type) return null;
    const { data, info } = await image.rotate().raw().toBuffer({ resolveWithObject: true });
    const pixels = { data, width: info.width, height: info.height, channels: info.channels };
    const upright = sharp(data, { raw: pixels });
    const encoded =
      type === 'image/jpeg'
        ? upright.jpeg({ quality: 85, optimiseCoding: false })
        : type === 'image/png'
          ? upright.png()
          : upright.webp({ quality: 85 });
    const [stored, fingerprint] = await Promise.all([encoded.toBuffer(), fingerprintPixels(pixels)]);
    return { bytes: stored, contentType: type, metadata, ...fingerprint };
  } catch {
    return null;
  }
}
