import sharp, { type Metadata } from 'sharp';
import type { ImageType } from './detect-image-type';

// Each upload is decoded once: libvips' operation cache would only hold decoded pixels nobody asks for again.
sharp.cache(false);

/** Past this many pixels (a 48 MP phone photo is 8000×6000) an image is refused rather than decoded. */
export const MAX_INPUT_PIXELS = 50_000_000;

const FORMATS: Record<string, ImageType> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * What an upload keeps of the file it was sent: the re-encoded bytes, and the original's metadata (dimensions,
 * orientation, the raw EXIF/XMP/ICC blocks) for a caller that needs something from it, such as where a proof photo
 * was taken, before it is gone.
 */
export type ReencodedImage = { bytes: Buffer; contentType: ImageType; metadata: Metadata };

/**
 * Decodes an image of `type`, turns it upright (EXIF orientation) and encodes it again in the same format (JPEG
 * quality 85 without Huffman optimisation, which alone would triple the time of a 12 MP photo; PNG; WebP quality 85). libvips writes no metadata unless asked, so EXIF (GPS included), XMP, IPTC,
 * comments and the ICC profile (after conversion to sRGB) are not in the result. Null when the bytes are not a
 * decodable image of that type (truncated or corrupt pixel data included) or have more than MAX_INPUT_PIXELS.
 */
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
