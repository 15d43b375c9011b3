import type {
  CheckResult,
  ProofCheck,
  ProofCheckName,
  ProofVerification,
  RequirableCheck,
  VerificationStatus,
} from '@/lib/tasks/proof-verification';

// The verdict on a proof in the words each reader acts on: the requester's badge and checks, the worker's
// warnings before submitting, the sentence the Approve confirmation repeats, and a PROOF_CHECK_FAILED refusal.

export const VERDICT_LABELS: Record<VerificationStatus, string> = {
  passed: 'Passed',
  flagged: 'Flagged',
  unverified: 'Unverified',
};

export const CHECK_LABELS: Record<ProofCheckName, string> = {
  location: 'Place',
  capture_time: 'Time taken',
  duplicate: 'Not reused',
  in_app_capture: 'Taken in the app',
  required_items: 'What the task asks',
};

export const RESULT_MARKS: Record<CheckResult, string> = { pass: '✓', fail: '✗', unknown: '?' };
const RESULT_WORDS: Record<CheckResult, string> = { pass: 'passed', fail: 'failed', unknown: 'could not be checked' };

export type CheckLine = { check: ProofCheckName; result: CheckResult; mark: string; label: string; detail: string };

/** Each check as a line: its mark (✓ ✗ ?), its name in words and what it found; `said` is for screen readers. */
export function verdictWords(verification: ProofVerification): {
  label: string;
  checks: (CheckLine & { said: string })[];
} {
  return {
    label: VERDICT_LABELS[verification.status],
    checks: verification.checks.map((check) => ({
      check: check.check,
      result: check.result,
      mark: RESULT_MARKS[check.result],
      label: CHECK_LABELS[check.check],
      detail: check.detail,
      said: `${CHECK_LABELS[check.check]} ${RESULT_WORDS[check.result]}`,
    })),
  };
}

/** The checks that change the status: every failure, and an unknown the task needs. */
const mattering = (checks: readonly ProofCheck[]) =>
  checks.filter((check) => check.result === 'fail' || (check.result === 'unknown' && check.required));

/**
 * What the worker could do about a check before submitting (null: nothing they can change). `inApp`: every photo
 * was already taken with the app's camera, so "take it with the app" would be no advice.
 */
function remedy(check: ProofCheck, inApp: boolean): string | null {
  if (check.check === 'required_items') return 'Add what is missing?';
  if (check.check === 'duplicate') return 'Take a new photo?';
  if (check.check === 'location' && check.result === 'fail') return 'Take the photo at the task’s place?';
  // A city-wide place or a remote task cannot be checked, whatever the worker does.
  if (check.check === 'location' && !/no location|accurate/.test(check.detail)) return null;
  if (check.check === 'capture_time' && check.result === 'fail') return 'Take a new photo now, with the app?';
  if (inApp && check.check === 'location') return 'Allow location for this site, then take it again?';
  if (inApp && check.check === 'capture_time') return null;
  return 'Take it with the app instead?';
}

const sentence = (text: string) => (/[.?!]$/.test(text) ? text : `${text}.`);

/**
 * The worker's warnings before submitting, one per check that would flag the proof or leave it unverified:
 * what was found, what the requester will see, and what to do instead ("… it will be marked unverified. Take it
 * with the app instead?"). Empty for a proof that passes.
 */
export function workerWarnings(
  verification: ProofVerification,
  { inApp = false }: { inApp?: boolean } = {},
): { check: ProofCheckName; text: string }[] {
  return mattering(verification.checks).map((check) => {
    const outcome = check.result === 'fail' ? 'It will be flagged' : 'It will be marked unverified';
    const fix = remedy(check, inApp);
    return { check: check.check, text: `${sentence(check.detail)} ${outcome}.${fix ? ` ${fix}` : ''}` };
  });
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * What the Approve confirmation repeats: "This proof was flagged: photo 2 looks like a photo submitted before.
 * Approve anyway?"; null for a proof that passed or has no verdict.
 */
export function approveWarning(verification: ProofVerification | null | undefined): string | null {
  if (!verification || verification.status === 'passed') return null;
  const found = mattering(verification.checks).map((check) => lowerFirst(check.detail));
  const lead = verification.status === 'flagged' ? 'This proof was flagged' : 'This proof is unverified';
  return `${lead}${found.length ? `: ${found.join('; ')}` : ''}. Approve anyway?`;
}

/** What a PROOF_CHECK_FAILED refusal carries in its details. */
export type ProofRefusal = { check: string; result: string; detail: string };

const FLOOR_WORDS: Record<RequirableCheck, { rule: string; fix: string }> = {
  location: {
    rule: 'This task requires the photo’s location to match its place',
    fix: 'Take the photo at the task’s place with “Take a photo”, and allow the location when asked.',
  },
  in_app_capture: {
    rule: 'This task requires photos taken in the app',
    fix: 'Use “Take a photo” rather than the gallery.',
  },
};

/** A refusal in words: the rule the requester set, what the photo showed, and what to do. */
export function refusalWords(refusal: ProofRefusal): string {
  const words = FLOOR_WORDS[refusal.check as RequirableCheck];
  const found = refusal.detail ? ` ${sentence(refusal.detail)}` : '';
  if (!words) return `This proof does not meet a check the task requires.${found}`;
  return `${words.rule}.${found} ${words.fix}`;
}

/** Desktops ignore `capture`: a "camera" pick whose file is older than this came from the disk, not the camera. */
export const FRESH_CAPTURE_MS = 2 * 60_000;

/** How a photo reached the form, as the upload's `source` says it. */
export function captureSource(
  picked: 'camera' | 'gallery',
  lastModified: number,
  now: number = Date.now(),
): 'camera' | 'gallery' {
  return picked === 'camera' && now - lastModified <= FRESH_CAPTURE_MS ? 'camera' : 'gallery';
}

/** The verdict of a task's latest proof, if it has one (tasks submitted before verdicts existed have none). */
export function verificationOf(task: { proof: object | null }): ProofVerification | null {
  const proof = task.proof as { verification?: ProofVerification | null } | null;
  return proof?.verification ?? null;
}
