import type { ProofCheck, ProofVerification, VerificationStatus } from '@/db/schema/tasks';

// The verdict on one proof submission (docs/tasks.md, "Proof verification"): what each check found, in words a
// requester can act on, and one status that says whether everything the task requires could be confirmed.
export {
  type AutoApproveMode,
  CHECK_RESULTS,
  type CheckResult,
  PROOF_CHECKS,
  type ProofCheck,
  type ProofCheckName,
  type ProofVerification,
  VERIFICATION_STATUSES,
  type VerificationStatus,
} from '@/db/schema/tasks';

/** The checks a requester may make a floor: a submission failing one is refused with PROOF_CHECK_FAILED. */
export const REQUIRABLE_CHECKS = ['location', 'in_app_capture'] as const;
export type RequirableCheck = (typeof REQUIRABLE_CHECKS)[number];

export const DEFAULT_PROOF_RADIUS_METERS = 500;
export const MIN_PROOF_RADIUS_METERS = 50;
export const MAX_PROOF_RADIUS_METERS = 5_000;
export const DEFAULT_AUTO_APPROVE_AFTER_MINUTES = 60;
export const MAX_AUTO_APPROVE_AFTER_MINUTES = 4_320;

/** A perceptual hash within this many differing bits of an earlier one "looks like a photo submitted before". */
export const DUPLICATE_HAMMING_DISTANCE = 6;

/** `flagged` when any check failed; else `unverified` when a required one could not run; else `passed`. */
export function verdictStatus(checks: readonly ProofCheck[]): VerificationStatus {
  if (checks.some((check) => check.result === 'fail')) return 'flagged';
  if (checks.some((check) => check.required && check.result === 'unknown')) return 'unverified';
  return 'passed';
}

/** The first check the task made a floor that this verdict did not pass (the submit then refuses); null when none. */
export function unmetFloor(requiredChecks: readonly string[], verification: ProofVerification): ProofCheck | null {
  return verification.checks.find((check) => requiredChecks.includes(check.check) && check.result !== 'pass') ?? null;
}
