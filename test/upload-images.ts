import sharp from 'sharp';

/** GPS coordinates written into the test photos' EXIF, which no stored upload may keep. */
export const PHOTO_GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '48/1 51/1 24/1',
  GPSLongitudeRef: 'E',
  GPSLongitude: '2/1 21/1 8/1',
};

/**
 * A real image of `width`×`height` noise (so it compresses like a photo), in `format`, carrying what a phone writes:
 * EXIF with a camera and GPS position, and an ICC profile.
 */
export async function photo(
  format: 'jpeg' | 'png' | 'webp',
  { width = 64, height = 48, quality = 90 }: { width?: number; height?: number; quality?: number } = {},
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  const image = sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({ IFD0: { Make: 'Legphone', Model: 'L1', ImageDescription: 'kitchen' }, IFD3: PHOTO_GPS })
    .withIccProfile('p3');
  if (format === 'jpeg') return image.jpeg({ quality }).toBuffer();
  if (format === 'png') return image.png().toBuffer();
  return image.webp({ quality }).toBuffer();
}

/** What a stored file still says about itself: EXIF, XMP, ICC and comments are all undefined once stripped. */
export async function hiddenMetadata(bytes: Buffer) {
  const { exif, xmp, icc, iptc, comments } = await sharp(bytes).metadata();
  return { exif, xmp, icc, iptc, comments };
}
