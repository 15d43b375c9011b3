import piexif from 'piexifjs';
import sharp from 'sharp';

/** What a test photo's EXIF says: omit a field to leave it out of the file. */
export type PhotoExif = {
  /** Written as DateTimeOriginal (the camera's wall clock, here UTC) and, with `gps`, as the GPS UTC stamp. */
  takenAt?: Date;
  gps?: { lat: number; lng: number; accuracyMeters?: number };
  make?: string;
  model?: string;
  /** Skip the GPS time stamp, so the only time is the zone-less DateTimeOriginal. */
  noGpsTime?: boolean;
};

export type TestPhoto = { width?: number; height?: number; seed?: number; exif?: PhotoExif };

/**
 * A real JPEG made in the test: a pattern that differs by `seed` (so two seeds give unrelated perceptual
 * hashes), with EXIF written by piexifjs. The same seed gives the same pixels.
 */
export async function makeJpeg({ width = 640, height = 480, seed = 1, exif }: TestPhoto = {}): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  // 32-bit integer steps (Math.imul): plain multiplication passes 2^53 and collapses seeds into a few patterns.
  let state = Math.imul(seed, 2_654_435_761) >>> 0;
  const cells = 8;
  const shades: number[] = [];
  for (let index = 0; index < cells * cells; index += 1) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    shades.push(state >>> 24);
  }
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const shade = shades[Math.floor((y * cells) / height) * cells + Math.floor((x * cells) / width)] ?? 0;
      const offset = (y * width + x) * 3;
      pixels[offset] = shade;
      pixels[offset + 1] = (shade + x) & 0xff;
      pixels[offset + 2] = (shade + y) & 0xff;
    }
  }
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return exif ? withExif(jpeg, exif) : jpeg;
}

/** `jpeg` with `exif` inserted (any EXIF it had is replaced). */
export function withExif(jpeg: Buffer, exif: PhotoExif): Buffer {
  const zeroth: Record<number, unknown> = {};
  const exifIfd: Record<number, unknown> = {};
  const gps: Record<number, unknown> = {};
  if (exif.make) zeroth[piexif.ImageIFD.Make] = exif.make;
  if (exif.model) zeroth[piexif.ImageIFD.Model] = exif.model;
  if (exif.takenAt) exifIfd[piexif.ExifIFD.DateTimeOriginal] = exifDateTime(exif.takenAt);
  if (exif.gps) {
    gps[piexif.GPSIFD.GPSLatitudeRef] = exif.gps.lat < 0 ? 'S' : 'N';
    gps[piexif.GPSIFD.GPSLatitude] = degreesToRational(Math.abs(exif.gps.lat));
    gps[piexif.GPSIFD.GPSLongitudeRef] = exif.gps.lng < 0 ? 'W' : 'E';
    gps[piexif.GPSIFD.GPSLongitude] = degreesToRational(Math.abs(exif.gps.lng));
    if (exif.gps.accuracyMeters !== undefined) {
      gps[piexif.GPSIFD.GPSHPositioningError] = [Math.round(exif.gps.accuracyMeters * 100), 100];
    }
    if (exif.takenAt && !exif.noGpsTime) {
      const at = exif.takenAt;
      gps[piexif.GPSIFD.GPSDateStamp] = exifDateTime(at).slice(0, 10);
      gps[piexif.GPSIFD.GPSTimeStamp] = [
        [at.getUTCHours(), 1],
        [at.getUTCMinutes(), 1],
        [at.getUTCSeconds(), 1],
      ];
    }
  }
  const bytes = piexif.dump({ '0th': zeroth, Exif: exifIfd, GPS: gps });
  return Buffer.from(piexif.insert(bytes, jpeg.toString('binary')), 'binary');
}

function exifDateTime(at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${at.getUTCFullYear()}:${pad(at.getUTCMonth() + 1)}:${pad(at.getUTCDate())} ` +
    `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`
  );
}

function degreesToRational(value: number): [number, number][] {
  const degrees = Math.floor(value);
  const minutesFull = (value - degrees) * 60;
  const minutes = Math.floor(minutesFull);
  const seconds = Math.round((minutesFull - minutes) * 60 * 10_000);
  return [
    [degrees, 1],
    [minutes, 1],
    [seconds, 10_000],
  ];
}
