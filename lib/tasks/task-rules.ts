// Task rules shared by validation, services and pages (DESIGN §4 "Tasks").

export const TASK_CATEGORIES = [
  'inspection',
  'photography',
  'pickup',
  'delivery',
  'errand',
  'mystery_shopping',
  'data_collection',
  'other',
] as const;

export const PROOF_REQUIREMENTS = ['photo', 'gps', 'text', 'receipt'] as const;

export const BUDGET_MIN_CENTS = 500;
export const BUDGET_MAX_CENTS = 1_000_000;
export const PLATFORM_FEE_RATE = 0.15;
export const MAX_DEADLINE_DAYS = 90;
/** The longest accept-by guarantee, relative to posting: 30 days. */
export const MAX_ACCEPT_WITHIN_MINUTES = 43_200;

/** What a proposed task gets when the agent leaves these out; the human sees them on the claim page. */
export const PROPOSAL_DEFAULTS = { budgetCents: 2_500, deadlineDays: 7, category: 'other' } as const;

/** The 15% platform fee, rounded to the cent; the requester pays budget + fee. */
export function priceTask(budgetCents: number) {
  const platformFeeCents = Math.round(budgetCents * PLATFORM_FEE_RATE);
  return { budgetCents, platformFeeCents, totalCents: budgetCents + platformFeeCents };
}
