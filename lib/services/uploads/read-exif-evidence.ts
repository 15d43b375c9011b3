import exifr from 'exifr';

/** What a photo's EXIF says about where, when and with what it was taken; null when absent or impossible. */
export type ExifEvidence = {
  capturedAt: Date | null;
  /** The camera gave only a wall-clock time with no zone: `capturedAt` is that time read as if UTC. */
  capturedAtFloating: boolean;
  gpsLat: number | null;
  gpsLng: number | null;
  gpsAccuracyMeters: number | null;
  cameraMake: string | null;
  cameraModel: string | null;
};

export const NO_EXIF_EVIDENCE: ExifEvidence = {
  capturedAt: null,
  capturedAtFloating: false,
  gpsLat: null,
  gpsLng: null,
  gpsAccuracyMeters: null,
  cameraMake: null,
  cameraModel: null,
};

const EARLIEST = Date.UTC(2000, 0, 1);
const DAY_MS = 86_400_000;

// Values stay raw strings and numbers (reviveValues: false): exifr would read a zone-less time in this process's
// zone, which would make the same photo's time depend on the server it landed on.
const OPTIONS = {
  tiff: true,
  exif: true,
  gps: true,
  ifd1: false,
  interop: false,
  xmp: false,
  icc: false,
  iptc: false,
  jfif: false,
  ihdr: false,
  makerNote: false,
  userComment: false,
  reviveValues: false,
  translateValues: false,
  translateKeys: true,
  mergeOutput: true,
};

type Tags = Record<string, unknown>;

const EXIF_HEADER = Buffer.from('Exif\0\0', 'binary');

/**
 * Read from the original's EXIF block (sharp's `metadata().exif`, the same for JPEG, PNG and WebP, which exifr
 * alone cannot read), before re-encoding strips it. Unreadable EXIF is no evidence, never an error.
 */
export async function readExifEvidence(
  exif: Buffer | undefined,
  { now = new Date() }: { now?: Date } = {},
): Promise<ExifEvidence> {
  if (!exif) return NO_EXIF_EVIDENCE;
  const tiff = exif.subarray(0, EXIF_HEADER.length).equals(EXIF_HEADER) ? exif.subarray(EXIF_HEADER.length) : exif;
  let tags: Tags | undefined;
  try {
    tags = await exifr.parse(tiff, OPTIONS);
  } catch {
    return NO_EXIF_EVIDENCE;
  }
  if (!tags) return NO_EXIF_EVIDENCE;
  const plausible = (at: Date | null) =>
    at && at.getTime() >= EARLIEST && at.getTime() <= now.getTime() + DAY_MS ? at : null;
  const gpsTime = plausible(gpsStamp(tags.GPSDateStamp, tags.GPSTimeStamp));
  const local = tags.DateTimeOriginal !== undefined ? tags.DateTimeOriginal : tags.CreateDate;
  const offset = tags.DateTimeOriginal !== undefined ? tags.OffsetTimeOriginal : tags.OffsetTimeDigitized;
  const wallClock = plausible(wallClockAsUtc(local));
  const offsetMinutes = zoneOffsetMinutes(offset ?? tags.OffsetTime);
  const zoned =
    wallClock && offsetMinutes !== null ? plausible(new Date(wallClock.getTime() - offsetMinutes * 60_000)) : null;
  const capturedAt = gpsTime ?? zoned ?? wallClock;
  const lat = coordinate(tags.GPSLatitude, tags.GPSLatitudeRef, 'S', 90);
  const lng = coordinate(tags.GPSLongitude, tags.GPSLongitudeRef, 'W', 180);
  const hasPosition = lat !== null && lng !== null && !(lat === 0 && lng === 0);
  const accuracy = finite(tags.GPSHPositioningError);
  return {
    capturedAt,
    capturedAtFloating: capturedAt !== null && capturedAt === wallClock,
    gpsLat: hasPosition ? lat : null,
    gpsLng: hasPosition ? lng : null,
    gpsAccuracyMeters: hasPosition && accuracy !== null && accuracy >= 0 ? accuracy : null,
    cameraMake: label(tags.Make),
    cameraModel: label(tags.Model),
  };
}

function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A UTC instant from calendar parts, or null when they name no real moment (Feb 30, 25:00). */
function utc(year: number, month: number, day: number, hours: number, minutes: number, seconds: number): Date | null {
  const at = new Date(Date.UTC(year, month - 1, day, hours, minutes, Math.floor(seconds)));
  const valid =
    at.getUTCFullYear() === year &&
    at.getUTCMonth() === month - 1 &&
    at.getUTCDate() === day &&
    at.getUTCHours() === hours &&
    at.getUTCMinutes() === minutes;
  return valid ? at : null;
}

function wallClockAsUtc(value: unknown): Date | null {
  const match = typeof value === 'string' && /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return utc(year, month, day, hours, minutes, seconds);
}

function gpsStamp(date: unknown, time: unknown): Date | null {
  const match = typeof date === 'string' && /^(\d{4})[:-](\d{2})[:-](\d{2})$/.exec(date.trim());
  if (!match || !Array.isArray(time) || time.length !== 3) return null;
  const [hours, minutes, seconds] = time.map((part) => finite(part) ?? Number.NaN) as [number, number, number];
  if (!Number.isInteger(hours) || !Number.isInteger(minutes) || !(seconds >= 0 && seconds < 61)) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return utc(year, month, day, hours, minutes, seconds);
}

/** `+02:00` → 120; null when absent or not an offset a zone can have. */
function zoneOffsetMinutes(value: unknown): number | null {
  const match = typeof value === 'string' && /^([+-])(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  if (minutes > 14 * 60 || Number(match[3]) >= 60) return null;
  return match[1] === '-' ? -minutes : minutes;
}

function coordinate(value: unknown, ref: unknown, negative: 'S' | 'W', limit: number): number | null {
  const parts = Array.isArray(value) ? value : [value];
  if (parts.length === 0 || parts.length > 3) return null;
  const numbers = parts.map((part) => finite(part));
  if (numbers.some((part) => part === null || part < 0)) return null;
  const [degrees = 0, minutes = 0, seconds = 0] = numbers as number[];
  const magnitude = degrees + minutes / 60 + seconds / 3600;
  if (!Number.isFinite(magnitude) || magnitude > limit) return null;
  return typeof ref === 'string' && ref.trim().toUpperCase() === negative ? -magnitude : magnitude;
}

/** A camera name fit to store and show: no control characters (a NUL is not valid in a text column), ≤ 100. */
function label(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const cleaned = [...value]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 100);
  return cleaned === '' ? null : cleaned;
}
