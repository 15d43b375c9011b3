/**
 * The steps of funding a task between which a crash can fall: `afterClaim` (the draft's funding claimed, the x402
 * intent not yet stored; for a card, the reservation committed), `afterIntent` (the intent committed, nothing
 * settled), `afterSettle` (the payment settled, not yet marked so), `beforePost` (settled or charged, the task not
 * posted). Tests name one to stop the work there as a killed process would: no catch block runs after it.
 */
export type FundingStep = 'afterClaim' | 'afterIntent' | 'afterSettle' | 'beforePost';

/** An injected crash: passes through every recovery path of the funding service untouched. */
export class CrashError extends Error {
  constructor(readonly step: FundingStep) {
    super(`injected crash at ${step}`);
  }
}

/** Throws CrashError when `crashAt` names `step`. */
export function crashPoint(crashAt: FundingStep | undefined, step: FundingStep): void {
  if (crashAt === step) throw new CrashError(step);
}
