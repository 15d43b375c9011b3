import type { FundingOutcome } from './funding-outcome';

// Thrown inside the claiming transaction to roll it back.
export class Unfunded extends Error {
  constructor(readonly outcome: FundingOutcome) {
    super('the draft cannot be paid for');
  }
}
