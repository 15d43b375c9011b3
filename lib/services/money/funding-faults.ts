// Tests name a step to stop the funding work there as a killed process would: no catch block runs after it.
export type FundingStep = 'afterClaim' | 'afterIntent' | 'afterSettle' | 'beforePost';

/** Passes through every recovery path of the funding service untouched. */
export class CrashError extends Error {
  constructor(readonly step: FundingStep) {
    super(`injected crash at ${step}`);
  }
}

export function crashPoint(crashAt: FundingStep | undefined, step: FundingStep): void {
  if (crashAt === step) throw new CrashError(step);
}
