import { describe, expect, it } from 'vitest';
import { formatDistance } from '@/lib/format/place';
import { formatDuration, listPhotos } from './proof-words';
import { type PhotoEvidence, type VerifiedTask, type VerifyProofInput, verifyProof } from './verify-proof';

const PLACE = { lat: 40.7128, lng: -74.006 };
const ACCEPTED = new Date('2026-11-30T10:00:00Z');
const SUBMITTED = new Date('2026-11-30T12:00:00Z');
// About 111 m of latitude per 0.001 degree.
const north = (meters: number) => ({ gpsLat: PLACE.lat + meters / 111_195, gpsLng: PLACE.lng });

const TASK: VerifiedTask = {
  ...PLACE,
  placePrecision: 'point',
  proofRadiusMeters: 500,
  proofRequirements: ['photo'],
  requiredChecks: [],
  acceptedAt: ACCEPTED,
};

function photo(overrides: Partial<PhotoEvidence> = {}, index = 0): PhotoEvidence {
  return {
    uploadId: `upload-${index}`,
    capturedAt: new Date('2026-11-30T11:00:00Z'),
    capturedAtFloating: false,
    ...north(120),
    gpsAccuracyMeters: 10,
    captureSource: 'camera',
    deviceLat: null,
    deviceLng: null,
    deviceAccuracyMeters: null,
    pixelSha256: 'ab'.repeat(32),
    perceptualHash: 1n,
    ...overrides,
  };
}

function verify(input: Partial<VerifyProofInput> & { taskChanges?: Partial<VerifiedTask> } = {}) {
  const { taskChanges, ...rest } = input;
  const photos = rest.photos ?? [photo()];
  return verifyProof({
    task: { ...TASK, ...taskChanges },
    proof: { photoIds: photos.map((one) => one.uploadId) },
    photos,
    reusedUploadIds: new Set(),
    submittedAt: SUBMITTED,
    ...rest,
  });
}

const checkOf = (verification: ReturnType<typeof verifyProof>, name: string) =>
  verification.checks.find((check) => check.check === name);

describe('verifyProof', () => {
  it('a camera photo at the place and time passes every check, in the fixed order', () => {
    const verification = verify();
    expect(verification).toEqual({
      status: 'passed',
      checks: [
        {
          check: 'location',
          result: 'pass',
          required: true,
          detail: 'Taken 120 m from the task’s place (the task allows 500 m)',
        },
        {
          check: 'capture_time',
          result: 'pass',
          required: true,
          detail: 'Taken after the task was accepted and before the proof was submitted',
        },
        { check: 'duplicate', result: 'pass', required: false, detail: 'Not submitted before' },
        {
          check: 'in_app_capture',
          result: 'pass',
          required: false,
          detail: 'Taken with the camera in the Legwork app',
        },
        {
          check: 'required_items',
          result: 'pass',
          required: true,
          detail: 'Everything the task asks for was sent',
        },
      ],
    });
  });

  describe('location', () => {
    it('fails a photo taken far beyond the radius, naming it and the distance', () => {
      const verification = verify({ photos: [photo({}, 0), photo(north(3_100), 1)] });
      expect(verification.status).toBe('flagged');
      expect(checkOf(verification, 'location')).toMatchObject({
        result: 'fail',
        detail: 'Photo 2 was taken 3.1 km from the task’s place; the task allows 500 m',
      });
    });

    it('uses the task’s radius', () => {
      const wide = verify({ photos: [photo(north(3_100))], taskChanges: { proofRadiusMeters: 5_000 } });
      expect(checkOf(wide, 'location')).toMatchObject({
        result: 'pass',
        detail: 'Taken 3.1 km from the task’s place (the task allows 5.0 km)',
      });
    });

    it('is unknown, not failed, when the fix is too vague to tell', () => {
      const verification = verify({ photos: [photo({ ...north(600), gpsAccuracyMeters: 300 })] });
      expect(checkOf(verification, 'location')).toMatchObject({
        result: 'unknown',
        detail:
          'Photo 1 was taken about 600 m from the task’s place, but its position is only accurate to 300 m; the task allows 500 m',
      });
      expect(verification.status).toBe('unverified');
    });

    it('falls back to the app’s capture position, never the body’s location', () => {
      const device = photo({ gpsLat: null, gpsLng: null, deviceLat: PLACE.lat, deviceLng: PLACE.lng });
      expect(checkOf(verify({ photos: [device] }), 'location')?.result).toBe('pass');
      const bare = photo({ gpsLat: null, gpsLng: null });
      const verification = verify({ photos: [bare], proof: { photoIds: ['upload-0'], location: PLACE } });
      expect(checkOf(verification, 'location')).toMatchObject({
        result: 'unknown',
        detail: 'Photo 1 has no location: no GPS in the photo and none from the app',
      });
    });

    it('treats impossible coordinates as no position', () => {
      const verification = verify({ photos: [photo({ gpsLat: 200, gpsLng: 10 })] });
      expect(checkOf(verification, 'location')?.result).toBe('unknown');
    });

    it('passes only when every photo is placed inside the radius', () => {
      const verification = verify({ photos: [photo({}, 0), photo({ gpsLat: null, gpsLng: null }, 1)] });
      expect(checkOf(verification, 'location')).toMatchObject({
        result: 'unknown',
        detail: 'Photo 2 has no location: no GPS in the photo and none from the app',
      });
    });

    it('a remote task has nothing to check and does not require it', () => {
      const verification = verify({ taskChanges: { lat: null, lng: null, placePrecision: null } });
      expect(checkOf(verification, 'location')).toEqual({
        check: 'location',
        result: 'unknown',
        required: false,
        detail: 'Remote task: no place to check',
      });
      expect(verification.status).toBe('passed');
    });

    it('a city-centre task is unknown, never failed, and prints no distance', () => {
      const verification = verify({ photos: [photo(north(2_500))], taskChanges: { placePrecision: 'city' } });
      expect(checkOf(verification, 'location')).toEqual({
        check: 'location',
        result: 'unknown',
        required: true,
        detail: 'The task’s place is only the centre of the city, so a photo cannot be checked to 500 m',
      });
      expect(verification.status).toBe('unverified');
    });
  });

  describe('capture_time', () => {
    it('fails a photo taken before acceptance, with how long before', () => {
      const verification = verify({ photos: [photo({ capturedAt: new Date('2026-11-27T10:00:00Z') })] });
      expect(checkOf(verification, 'capture_time')).toMatchObject({
        result: 'fail',
        detail: 'Photo 1 was taken 3 days before the task was accepted',
      });
    });

    it('allows five minutes either side', () => {
      const justBefore = new Date(ACCEPTED.getTime() - 4 * 60_000);
      const justAfter = new Date(SUBMITTED.getTime() + 4 * 60_000);
      const verification = verify({
        photos: [photo({ capturedAt: justBefore }, 0), photo({ capturedAt: justAfter }, 1)],
      });
      expect(checkOf(verification, 'capture_time')?.result).toBe('pass');
      const late = verify({ photos: [photo({ capturedAt: new Date(SUBMITTED.getTime() + 30 * 60_000) })] });
      expect(checkOf(late, 'capture_time')).toMatchObject({
        result: 'fail',
        detail: 'Photo 1 was taken 30 min after the proof was submitted',
      });
    });

    it('widens the window by 14 h for a zone-less camera clock and says so', () => {
      const shifted = photo({ capturedAt: new Date(ACCEPTED.getTime() - 8 * 3_600_000), capturedAtFloating: true });
      expect(checkOf(verify({ photos: [shifted] }), 'capture_time')).toMatchObject({
        result: 'pass',
        detail:
          'Taken after the task was accepted and before the proof was submitted (the camera’s clock has no time zone, so the window was widened by 14 h)',
      });
      const old = photo({ capturedAt: new Date(ACCEPTED.getTime() - 20 * 3_600_000), capturedAtFloating: true });
      expect(checkOf(verify({ photos: [old] }), 'capture_time')?.result).toBe('fail');
    });

    it('a photo taken in the app without EXIF time is timed by the device at capture; a gallery one is not', () => {
      const offline = photo({ capturedAt: null, deviceCapturedAt: new Date(ACCEPTED.getTime() + 60_000) });
      expect(checkOf(verify({ photos: [offline] }), 'capture_time')?.result).toBe('pass');
      const early = photo({ capturedAt: null, deviceCapturedAt: new Date('2026-11-27T10:00:00Z') });
      expect(checkOf(verify({ photos: [early] }), 'capture_time')?.result).toBe('fail');
      const picked = photo({
        capturedAt: null,
        captureSource: 'gallery',
        deviceCapturedAt: new Date(ACCEPTED.getTime() + 60_000),
      });
      expect(checkOf(verify({ photos: [picked] }), 'capture_time')?.result).toBe('unknown');
    });

    it('no time, or an impossible one, is unknown, never pass', () => {
      for (const capturedAt of [null, new Date('1970-01-01T00:00:00Z'), new Date('2027-06-01T00:00:00Z')]) {
        const verification = verify({ photos: [photo({ capturedAt })] });
        expect(checkOf(verification, 'capture_time')).toMatchObject({
          result: 'unknown',
          required: true,
          detail: 'Photo 1 has no usable capture time',
        });
        expect(verification.status).toBe('unverified');
      }
    });

    it('is required only when the task asks for photos or some are sent', () => {
      const noted = verify({ photos: [], proof: { note: 'Done' }, taskChanges: { proofRequirements: ['text'] } });
      expect(checkOf(noted, 'capture_time')).toMatchObject({ result: 'unknown', required: false });
      expect(noted.status).toBe('unverified');
      const remote = verify({
        photos: [],
        proof: { note: 'Done' },
        taskChanges: { lat: null, lng: null, placePrecision: null, proofRequirements: ['text'] },
      });
      expect(remote.status).toBe('passed');
    });
  });

  describe('duplicate', () => {
    it('flags a reused photo without naming where it was seen', () => {
      const verification = verify({ photos: [photo({}, 0), photo({}, 1)], reusedUploadIds: new Set(['upload-1']) });
      expect(checkOf(verification, 'duplicate')).toEqual({
        check: 'duplicate',
        result: 'fail',
        required: false,
        detail: 'Photo 2 looks like a photo submitted before',
      });
      expect(verification.status).toBe('flagged');
    });

    it('is unknown for an upload without hashes, and never required', () => {
      const verification = verify({ photos: [photo({ perceptualHash: null })] });
      expect(checkOf(verification, 'duplicate')).toMatchObject({ result: 'unknown', required: false });
      expect(verification.status).toBe('passed');
    });
  });

  describe('in_app_capture', () => {
    it('fails a gallery pick and is required only when the task makes it a floor', () => {
      const picked = [photo({ captureSource: 'gallery' })];
      expect(checkOf(verify({ photos: picked }), 'in_app_capture')).toEqual({
        check: 'in_app_capture',
        result: 'fail',
        required: false,
        detail: 'Photo 1 was picked from the gallery, not taken in the app',
      });
      const floor = verify({ photos: picked, taskChanges: { requiredChecks: ['in_app_capture'] } });
      expect(checkOf(floor, 'in_app_capture')?.required).toBe(true);
    });

    it('an API upload says nothing of how it was taken: unknown', () => {
      const api = verify({
        photos: [photo({ captureSource: null })],
        taskChanges: { requiredChecks: ['in_app_capture'] },
      });
      expect(checkOf(api, 'in_app_capture')?.result).toBe('unknown');
      expect(api.status).toBe('unverified');
    });
  });

  describe('required_items', () => {
    it('lists what is missing', () => {
      const verification = verify({ photos: [], proof: {}, taskChanges: { proofRequirements: ['photo', 'text'] } });
      expect(checkOf(verification, 'required_items')).toEqual({
        check: 'required_items',
        result: 'fail',
        required: true,
        detail: 'Missing: a written note; at least one photo',
      });
    });
  });

  it('no photos: the photo checks are unknown', () => {
    const verification = verify({ photos: [], proof: { note: 'Done' }, taskChanges: { proofRequirements: [] } });
    expect(verification.checks.map((check) => check.result)).toEqual([
      'unknown',
      'unknown',
      'unknown',
      'unknown',
      'pass',
    ]);
  });
});

describe('proof words', () => {
  it('distances, durations and photo lists', () => {
    expect([formatDistance(120.4), formatDistance(3_140), formatDistance(250_000)]).toEqual([
      '120 m',
      '3.1 km',
      '250 km',
    ]);
    expect([formatDuration(30_000), formatDuration(90 * 60_000), formatDuration(5 * 3_600_000)]).toEqual([
      '1 min',
      '90 min',
      '5 h',
    ]);
    expect([listPhotos([1]), listPhotos([0, 2]), listPhotos([0, 1, 3])]).toEqual([
      'Photo 2',
      'Photos 1 and 3',
      'Photos 1, 2 and 4',
    ]);
  });
});
