import { describe, expect, it } from 'vitest';
import type { ProofCheck, ProofVerification } from '@/lib/tasks/proof-verification';
import { approveWarning, captureSource, refusalWords, verdictWords, workerWarnings } from './proof-verdict-words';

const check = (overrides: Partial<ProofCheck> & Pick<ProofCheck, 'check'>): ProofCheck => ({
  result: 'pass',
  required: true,
  detail: 'Fine',
  ...overrides,
});

const PASSED: ProofVerification = {
  status: 'passed',
  checks: [
    check({ check: 'location', detail: 'Taken 40 m from the task’s place (the task allows 500 m)' }),
    check({ check: 'capture_time', detail: 'Taken after the task was accepted and before the proof was submitted' }),
    check({ check: 'duplicate', required: false, detail: 'Not seen before' }),
    check({ check: 'in_app_capture', required: false, detail: 'Taken with the camera in the Legwork app' }),
    check({ check: 'required_items', detail: 'Everything the task asks for was sent' }),
  ],
};

const NO_METADATA: ProofVerification = {
  status: 'unverified',
  checks: [
    check({
      check: 'location',
      result: 'unknown',
      detail: 'The photo has no location: no GPS in the photo and none from the app',
    }),
    check({ check: 'capture_time', result: 'unknown', detail: 'The photo has no usable capture time' }),
    check({ check: 'duplicate', required: false, detail: 'Not seen before' }),
    check({
      check: 'in_app_capture',
      result: 'unknown',
      required: false,
      detail: 'The photo was uploaded without the app, so how it was taken is not known',
    }),
    check({ check: 'required_items', detail: 'Everything the task asks for was sent' }),
  ],
};

const REUSED: ProofVerification = {
  status: 'flagged',
  checks: [
    check({ check: 'location', detail: 'All 2 photos were taken within 500 m of the task’s place' }),
    check({
      check: 'duplicate',
      result: 'fail',
      required: false,
      detail: 'Photo 2 looks like a photo submitted before',
    }),
  ],
};

describe('verdictWords', () => {
  it('names the status and says each check with its mark and detail', () => {
    const words = verdictWords({ ...NO_METADATA, status: 'unverified' });
    expect(words.label).toBe('Unverified');
    expect(words.checks.map((line) => `${line.mark} ${line.label}`)).toEqual([
      '? Place',
      '? Time taken',
      '✓ Not reused',
      '? Taken in the app',
      '✓ What the task asks',
    ]);
    expect(words.checks[0]?.said).toBe('Place could not be checked');
    expect(verdictWords(REUSED).checks[1]).toMatchObject({ mark: '✗', said: 'Not reused failed' });
    expect(verdictWords(PASSED).label).toBe('Passed');
  });
});

describe('workerWarnings', () => {
  it('says nothing about a proof that passes', () => {
    expect(workerWarnings(PASSED)).toEqual([]);
  });

  it('warns of each required check it cannot make, and offers the app', () => {
    expect(workerWarnings(NO_METADATA)).toEqual([
      {
        check: 'location',
        text:
          'The photo has no location: no GPS in the photo and none from the app. It will be marked unverified. ' +
          'Take it with the app instead?',
      },
      {
        check: 'capture_time',
        text: 'The photo has no usable capture time. It will be marked unverified. Take it with the app instead?',
      },
    ]);
  });

  it('does not offer the app for photos already taken with it', () => {
    expect(workerWarnings(NO_METADATA, { inApp: true }).map((warning) => warning.text)).toEqual([
      'The photo has no location: no GPS in the photo and none from the app. It will be marked unverified. ' +
        'Allow location for this site, then take it again?',
      'The photo has no usable capture time. It will be marked unverified.',
    ]);
  });

  it('warns of a failure even where the task does not require the check', () => {
    expect(workerWarnings(REUSED)).toEqual([
      {
        check: 'duplicate',
        text: 'Photo 2 looks like a photo submitted before. It will be flagged. Take a new photo?',
      },
    ]);
  });

  it('offers nothing to do about a place that is only a city', () => {
    const city: ProofVerification = {
      status: 'unverified',
      checks: [
        check({
          check: 'location',
          result: 'unknown',
          detail: 'The task’s place is only the centre of the city, so a photo cannot be checked to 500 m',
        }),
      ],
    };
    expect(workerWarnings(city)[0]?.text).toBe(
      'The task’s place is only the centre of the city, so a photo cannot be checked to 500 m. ' +
        'It will be marked unverified.',
    );
  });
});

describe('approveWarning', () => {
  it('repeats the flag in the confirmation', () => {
    expect(approveWarning(REUSED)).toBe(
      'This proof was flagged: photo 2 looks like a photo submitted before. Approve anyway?',
    );
    expect(approveWarning(NO_METADATA)).toBe(
      'This proof is unverified: the photo has no location: no GPS in the photo and none from the app; the photo ' +
        'has no usable capture time. Approve anyway?',
    );
  });

  it('adds nothing for a passed proof or one without a verdict', () => {
    expect(approveWarning(PASSED)).toBeNull();
    expect(approveWarning(null)).toBeNull();
    expect(approveWarning(undefined)).toBeNull();
  });
});

describe('refusalWords', () => {
  it('names the rule, what was found and what to do', () => {
    expect(
      refusalWords({ check: 'in_app_capture', result: 'fail', detail: 'The photo was picked from the gallery' }),
    ).toBe(
      'This task requires photos taken in the app. The photo was picked from the gallery. Use “Take a photo” ' +
        'rather than the gallery.',
    );
    expect(refusalWords({ check: 'location', result: 'unknown', detail: '' })).toBe(
      'This task requires the photo’s location to match its place. Take the photo at the task’s place with ' +
        '“Take a photo”, and allow the location when asked.',
    );
    expect(refusalWords({ check: 'other', result: 'fail', detail: 'Odd' })).toBe(
      'This proof does not meet a check the task requires. Odd.',
    );
  });
});

describe('captureSource', () => {
  const now = Date.parse('2026-12-01T12:00:00Z');
  it('believes a camera pick only while the file is fresh', () => {
    expect(captureSource('camera', now - 30_000, now)).toBe('camera');
    expect(captureSource('camera', now - 2 * 60_000, now)).toBe('camera');
    expect(captureSource('camera', now - 2 * 60_000 - 1, now)).toBe('gallery');
    expect(captureSource('gallery', now, now)).toBe('gallery');
  });
});
