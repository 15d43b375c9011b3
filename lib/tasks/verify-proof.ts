import type { PlacePrecision } from '@/db/schema/tasks';
import { formatDistance } from '@/lib/format/place';
import { haversineMeters } from '@/lib/geo/haversine';
import { missingProof, type ProofParts } from './proof-rules';
import { type CheckResult, type ProofCheck, type ProofVerification, verdictStatus } from './proof-verification';
import { formatDuration, listPhotos } from './proof-words';

/** What the verdict reads of one photo's upload row: the EXIF evidence, what the app reported, the hashes. */
export type PhotoEvidence = {
  uploadId: string;
  capturedAt: Date | null;
  capturedAtFloating: boolean;
  gpsLat: number | null;
  gpsLng: number | null;
  gpsAccuracyMeters: number | null;
  captureSource: string | null;
  deviceLat: number | null;
  deviceLng: number | null;
  deviceAccuracyMeters: number | null;
  /** The device's clock at an in-app capture (sent with a later upload); read only for a `camera` photo. */
  deviceCapturedAt?: Date | null;
  pixelSha256: string | null;
  perceptualHash: bigint | null;
};

export type VerifiedTask = {
  lat: number | null;
  lng: number | null;
  placePrecision: PlacePrecision | null;
  proofRadiusMeters: number;
  proofRequirements: readonly string[];
  requiredChecks: readonly string[];
  /** When the current assignment began. */
  acceptedAt: Date | null;
};

export type VerifyProofInput = {
  task: VerifiedTask;
  proof: ProofParts;
  /** The proof's photos, in the order of `photoIds`. */
  photos: readonly PhotoEvidence[];
  /** Upload ids whose photo was already submitted for another task (findReusedPhotos). */
  reusedUploadIds: ReadonlySet<string>;
  submittedAt: Date;
};

/** Slack for clocks and for a photo taken just before pressing accept or submit. */
export const CAPTURE_TIME_SLACK_MS = 5 * 60_000;
/** A camera clock with no zone is off by at most the widest UTC offsets (−12 h to +14 h). */
export const FLOATING_CLOCK_SLACK_MS = 14 * 3_600_000;
// EXIF dates before digital cameras were common, or far past the submission, are a wrong clock, not evidence.
const EARLIEST_CAPTURE = Date.UTC(2000, 0, 1);

/**
 * The verdict on one submission (docs/tasks.md, "Proof verification"): five checks, in this order, each `pass`,
 * `fail` or `unknown` with a detail a requester can act on. Pure, so the dry run and the submit agree.
 */
export function verifyProof(input: VerifyProofInput): ProofVerification {
  const checks = [
    checkLocation(input),
    checkCaptureTime(input),
    checkDuplicate(input),
    checkInAppCapture(input),
    checkRequiredItems(input),
  ];
  return { status: verdictStatus(checks), checks };
}

type Position = { lat: number; lng: number; accuracyMeters: number };

// The body's `location` is what the client typed or claimed; only the photo's EXIF or the app's capture fix is
// tied to a photo, so only those count.
function photoPosition(photo: PhotoEvidence): Position | null {
  const gps = coordinates(photo.gpsLat, photo.gpsLng);
  if (gps) return { ...gps, accuracyMeters: accuracy(photo.gpsAccuracyMeters) };
  const device = coordinates(photo.deviceLat, photo.deviceLng);
  if (device) return { ...device, accuracyMeters: accuracy(photo.deviceAccuracyMeters) };
  return null;
}

function coordinates(lat: number | null, lng: number | null): { lat: number; lng: number } | null {
  if (lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

// A fix without a stated accuracy is taken at its word; a nonsensical one is treated the same.
const accuracy = (meters: number | null) => (meters !== null && Number.isFinite(meters) && meters > 0 ? meters : 0);

function checkLocation({ task, photos }: VerifyProofInput): ProofCheck {
  const check = (result: CheckResult, required: boolean, detail: string): ProofCheck => ({
    check: 'location',
    result,
    required,
    detail,
  });
  if (task.lat === null || task.lng === null) return check('unknown', false, 'Remote task: no place to check');
  const radius = formatDistance(task.proofRadiusMeters);
  // A distance to a city's centre says nothing of an honest worker at the real street, so none is given.
  if (task.placePrecision === 'city') {
    return check(
      'unknown',
      true,
      `The task’s place is only the centre of the city, so a photo cannot be checked to ${radius}`,
    );
  }
  if (photos.length === 0) return check('unknown', true, 'No photo was sent, so the place could not be checked');
  const { lat, lng } = task;
  const measured = photos.map((photo) => {
    const position = photoPosition(photo);
    if (!position) return { result: 'unknown' as const, distance: null, accuracyMeters: 0 };
    const distance = haversineMeters(lat, lng, position.lat, position.lng);
    const result: CheckResult =
      distance <= task.proofRadiusMeters
        ? 'pass'
        : distance - position.accuracyMeters > task.proofRadiusMeters
          ? 'fail'
          : 'unknown';
    return { result, distance, accuracyMeters: position.accuracyMeters };
  });
  const far = measured.flatMap((photo, index) => (photo.result === 'fail' ? [{ ...photo, index }] : []));
  if (far.length > 0) {
    const words = far.map(
      ({ index, distance }) => `Photo ${index + 1} was taken ${formatDistance(distance ?? 0)} from the task’s place`,
    );
    return check('fail', true, `${words.join('; ')}; the task allows ${radius}`);
  }
  const unplaced = measured.flatMap((photo, index) => (photo.distance === null ? [index] : []));
  if (unplaced.length > 0) {
    return check(
      'unknown',
      true,
      `${listPhotos(unplaced)} ${unplaced.length === 1 ? 'has' : 'have'} no location: no GPS in the photo and none from the app`,
    );
  }
  const vague = measured.findIndex((photo) => photo.result === 'unknown');
  const vaguePhoto = measured[vague];
  if (vaguePhoto) {
    return check(
      'unknown',
      true,
      `Photo ${vague + 1} was taken about ${formatDistance(vaguePhoto.distance ?? 0)} from the task’s place, but its ` +
        `position is only accurate to ${formatDistance(vaguePhoto.accuracyMeters)}; the task allows ${radius}`,
    );
  }
  const farthest = formatDistance(Math.max(...measured.map((photo) => photo.distance ?? 0)));
  const taken =
    photos.length === 1 ? `Taken ${farthest} from` : `All ${photos.length} photos taken within ${farthest} of`;
  return check('pass', true, `${taken} the task’s place (the task allows ${radius})`);
}

function checkCaptureTime({ task, photos, submittedAt }: VerifyProofInput): ProofCheck {
  const required =
    photos.length > 0 || task.proofRequirements.includes('photo') || task.proofRequirements.includes('receipt');
  const check = (result: CheckResult, detail: string): ProofCheck => ({
    check: 'capture_time',
    result,
    required,
    detail,
  });
  if (photos.length === 0) return check('unknown', 'No photo was sent, so the time could not be checked');
  const timed = photos.map((photo, index) => {
    // The camera's EXIF time, else, for a photo taken in the app, the device's clock at that moment (not the upload's).
    const appTime = photo.captureSource === 'camera' ? photo.deviceCapturedAt : null;
    const at = (photo.capturedAt ?? appTime)?.getTime() ?? null;
    const slack = CAPTURE_TIME_SLACK_MS + (photo.capturedAtFloating ? FLOATING_CLOCK_SLACK_MS : 0);
    const start = task.acceptedAt ? task.acceptedAt.getTime() - slack : Number.NEGATIVE_INFINITY;
    const end = submittedAt.getTime() + slack;
    const possible = at !== null && at >= EARLIEST_CAPTURE && at <= end + FLOATING_CLOCK_SLACK_MS;
    if (!possible) return { index, result: 'unknown' as const, detail: '' };
    const name = `Photo ${index + 1} was taken`;
    if (at < start && task.acceptedAt) {
      const before = formatDuration(task.acceptedAt.getTime() - at);
      return { index, result: 'fail' as const, detail: `${name} ${before} before the task was accepted` };
    }
    if (at > end) {
      const after = formatDuration(at - submittedAt.getTime());
      return { index, result: 'fail' as const, detail: `${name} ${after} after the proof was submitted` };
    }
    return { index, result: 'pass' as const, detail: '' };
  });
  const floating = photos.some((photo) => photo.capturedAtFloating && photo.capturedAt);
  const zoneNote = floating ? ' (the camera’s clock has no time zone, so the window was widened by 14 h)' : '';
  const late = timed.filter((photo) => photo.result === 'fail');
  if (late.length > 0) return check('fail', `${late.map((photo) => photo.detail).join('; ')}${zoneNote}`);
  const untimed = timed.filter((photo) => photo.result === 'unknown').map((photo) => photo.index);
  if (untimed.length > 0) {
    return check('unknown', `${listPhotos(untimed)} ${untimed.length === 1 ? 'has' : 'have'} no usable capture time`);
  }
  const taken = photos.length === 1 ? 'Taken' : `All ${photos.length} photos taken`;
  return check('pass', `${taken} after the task was accepted and before the proof was submitted${zoneNote}`);
}

function checkDuplicate({ photos, reusedUploadIds }: VerifyProofInput): ProofCheck {
  const check = (result: CheckResult, detail: string): ProofCheck => ({
    check: 'duplicate',
    result,
    required: false,
    detail,
  });
  if (photos.length === 0) return check('unknown', 'No photo was sent');
  const reused = photos.flatMap((photo, index) => (reusedUploadIds.has(photo.uploadId) ? [index] : []));
  if (reused.length > 0) {
    const looks = reused.length === 1 ? 'looks like a photo' : 'look like photos';
    return check('fail', `${listPhotos(reused)} ${looks} submitted before`);
  }
  const unhashed = photos.flatMap((photo, index) =>
    photo.pixelSha256 === null || photo.perceptualHash === null ? [index] : [],
  );
  if (unhashed.length > 0) {
    return check('unknown', `${listPhotos(unhashed)} could not be compared with earlier photos`);
  }
  return check('pass', photos.length === 1 ? 'Not submitted before' : 'None of the photos was submitted before');
}

function checkInAppCapture({ task, photos }: VerifyProofInput): ProofCheck {
  const check = (result: CheckResult, detail: string): ProofCheck => ({
    check: 'in_app_capture',
    result,
    required: task.requiredChecks.includes('in_app_capture'),
    detail,
  });
  if (photos.length === 0) return check('unknown', 'No photo was sent');
  const picked = photos.flatMap((photo, index) => (photo.captureSource === 'gallery' ? [index] : []));
  if (picked.length > 0) {
    return check('fail', `${listPhotos(picked)} ${wasOrWere(picked)} picked from the gallery, not taken in the app`);
  }
  const unsaid = photos.flatMap((photo, index) => (photo.captureSource === 'camera' ? [] : [index]));
  if (unsaid.length > 0) {
    return check(
      'unknown',
      `${listPhotos(unsaid)} ${wasOrWere(unsaid)} uploaded without the app, so how it was taken is not known`,
    );
  }
  return check(
    'pass',
    photos.length === 1 ? 'Taken with the camera in the Legwork app' : 'All taken with the camera in the Legwork app',
  );
}

const wasOrWere = (indexes: readonly number[]) => (indexes.length === 1 ? 'was' : 'were');

function checkRequiredItems({ task, proof }: VerifyProofInput): ProofCheck {
  const missing = missingProof(task.proofRequirements, proof);
  return {
    check: 'required_items',
    result: missing.length === 0 ? 'pass' : 'fail',
    required: true,
    detail:
      missing.length === 0
        ? task.proofRequirements.length === 0
          ? 'The task asks for nothing in particular'
          : 'Everything the task asks for was sent'
        : `Missing: ${missing.map((shortfall) => shortfall.message.replace('This task requires ', '')).join('; ')}`,
  };
}
