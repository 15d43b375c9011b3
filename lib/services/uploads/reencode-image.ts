import sharp, { type Metadata } from 'sharp';
import type { ImageType } from './detect-image-type';

// Each upload is decoded once: libvips' operation cache would only hold decoded pixels nobody asks for again.
sharp.cache(false);

/** A 48 MP phone photo is 8000×6000. */
export const MAX_INPUT_PIXELS = 50_000_000;

const FORMATS: Record<string, ImageType> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

// The original's metadata is kept for a caller that needs something from it (where a proof photo was taken).
export type ReencodedImage = { bytes: Buffer; contentType: ImageType; metadata: Metadata };

// JPEG without Huffman optimisation, which alone would triple the time of a 12 MP photo. libvips writes no
// metadata unless asked, so EXIF (GPS included), XMP, IPTC and the ICC profile are not in the result.
export async function reencodeImage(bytes: Buffer, type: ImageType): Promise<ReencodedImage | null> {
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });
    const metadata = await image.metadata();
    if (FORMATS[metadata.format ?? ''] !== type) return null;
    const upright = image.rotate();
    const encoded =
      type === 'image/jpeg'
        ? upright.jpeg({ quality: 85, optimiseCoding: false })
        : type === 'image/png'
          ? upright.png()
          : upright.webp({ quality: 85 });
    return { bytes: await encoded.toBuffer(), contentType: type, metadata };
  } catch {
    return null;
  }
}
