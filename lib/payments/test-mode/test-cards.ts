// Stripe's test cards, as the test-mode processor honours them. Only these numbers are accepted, so a real
// card number is never typed into a test page by mistake (and none is ever stored: only brand and last4).
export type TestCardOutcome = 'succeeds' | 'declined' | 'insufficient_funds';

const TEST_CARDS: Record<string, TestCardOutcome> = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
};

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };

export type CardCheck =
  | { ok: true; last4: string; outcome: Exclude<TestCardOutcome, 'declined'> }
  | { ok: false; code: string; message: string };

export function checkTestCard(card: CardInput, now = new Date()): CardCheck {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number))
    return { ok: false, code: 'invalid_number', message: 'Your card number is invalid.' };
  if (!(card.expMonth >= 1 && card.expMonth <= 12) || !Number.isInteger(card.expYear)) {
    return { ok: false, code: 'invalid_expiry', message: "Your card's expiration date is invalid." };
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1)) {
    return { ok: false, code: 'expired_card', message: 'Your card has expired.' };
  }
  if (!/^\d{3,4}$/.test(card.cvc))
    return { ok: false, code: 'invalid_cvc', message: "Your card's security code is invalid." };
  const outcome = TEST_CARDS[number];
  if (!outcome) {
    return {
      ok: false,
      code: 'card_declined',
      message: 'Test mode accepts Stripe test cards only, e.g. 4242 4242 4242 4242.',
    };
  }
  if (outcome === 'declined') return { ok: false, code: 'card_declined', message: 'Your card was declined.' };
  return { ok: true, last4: number.slice(-4), outcome };
}
