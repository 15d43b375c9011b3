import sharp from 'sharp';

// The photo and the multipart body the upload benches (bench-uploads.ts, bench-proof.ts) send.

/** About 4 MB of 12 MP JPEG that compresses like a photo (blurred noise), with the EXIF a phone writes. */
export async function phonePhoto(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < pixels.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    pixels[i] = seed >>> 24;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .withExif({
      IFD0: { Make: 'Legphone', Model: 'L1 Pro' },
      IFD2: { DateTimeOriginal: '2026:11:30 16:05:09', OffsetTimeOriginal: '+01:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 8/1' },
    })
    .jpeg({ quality: 91 })
    .toBuffer();
}

/** The multipart body as the pipeline hands it over. */
export function uploadForm(photo: Buffer): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
  return form;
}
