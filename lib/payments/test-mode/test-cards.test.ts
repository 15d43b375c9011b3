import { describe, expect, it } from 'vitest';
import { type CardInput, checkTestCard } from './test-cards';

// A fixed clock: expiry checks never depend on when the suite runs.
const NOW = new Date('2030-06-15T12:00:00Z');

function card(overrides: Partial<CardInput> = {}): CardInput {
  return { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123', ...overrides };
}

describe('checkTestCard(): Stripe’s test cards', () => {
  it('accepts 4242… and reports last4 and the succeeds outcome', () => {
    expect(checkTestCard(card(), NOW)).toEqual({ ok: true, last4: '4242', outcome: 'succeeds' });
  });

  it('accepts the number with spaces or dashes', () => {
    const expected = { ok: true, last4: '4242', outcome: 'succeeds' };
    expect(checkTestCard(card({ number: '4242 4242 4242 4242' }), NOW)).toEqual(expected);
    expect(checkTestCard(card({ number: '4242-4242-4242-4242' }), NOW)).toEqual(expected);
    expect(checkTestCard(card({ number: ' 4242-4242 4242-4242 ' }), NOW)).toEqual(expected);
  });

  it('declines 4000000000000002 with card_declined', () => {
    expect(checkTestCard(card({ number: '4000000000000002' }), NOW)).toEqual({
      ok: false,
      code: 'card_declined',
      message: 'Your card was declined.',
    });
  });

  it('accepts 4000000000009995 for setup; its later charges fail with insufficient_funds', () => {
    expect(checkTestCard(card({ number: '4000 0000 0000 9995' }), NOW)).toEqual({
      ok: true,
      last4: '9995',
      outcome: 'insufficient_funds',
    });
  });

  it('refuses a real-looking card number that is not a test card', () => {
    // A Luhn-valid Visa number that is not on the test list.
    expect(checkTestCard(card({ number: '4111 1111 1111 1111' }), NOW)).toEqual({
      ok: false,
      code: 'card_declined',
      message: 'Test mode accepts Stripe test cards only, e.g. 4242 4242 4242 4242.',
    });
    expect(checkTestCard(card({ number: '5555555555554444' }), NOW)).toMatchObject({ ok: false });
  });

  it('refuses a number that is not 12-19 digits with invalid_number', () => {
    const invalid = { ok: false, code: 'invalid_number', message: 'Your card number is invalid.' };
    expect(checkTestCard(card({ number: '4242 4242 abcd 4242' }), NOW)).toEqual(invalid);
    expect(checkTestCard(card({ number: '42424242' }), NOW)).toEqual(invalid);
    expect(checkTestCard(card({ number: '' }), NOW)).toEqual(invalid);
  });

  it('refuses an expired card, judged against the given clock', () => {
    const expired = { ok: false, code: 'expired_card', message: 'Your card has expired.' };
    expect(checkTestCard(card({ expMonth: 5, expYear: 2030 }), NOW)).toEqual(expired);
    expect(checkTestCard(card({ expMonth: 12, expYear: 2029 }), NOW)).toEqual(expired);
    // The current month is still valid.
    expect(checkTestCard(card({ expMonth: 6, expYear: 2030 }), NOW)).toMatchObject({ ok: true });
    // The same card is valid at an earlier clock.
    expect(checkTestCard(card({ expMonth: 5, expYear: 2030 }), new Date('2030-05-31T23:59:59Z'))).toMatchObject({
      ok: true,
    });
  });

  it('refuses month 13 (and 0) with invalid_expiry', () => {
    const invalid = { ok: false, code: 'invalid_expiry', message: "Your card's expiration date is invalid." };
    expect(checkTestCard(card({ expMonth: 13 }), NOW)).toEqual(invalid);
    expect(checkTestCard(card({ expMonth: 0 }), NOW)).toEqual(invalid);
    expect(checkTestCard(card({ expYear: 2034.5 }), NOW)).toEqual(invalid);
  });

  it('accepts a 2-digit year as 20xx', () => {
    expect(checkTestCard(card({ expYear: 34 }), NOW)).toEqual({ ok: true, last4: '4242', outcome: 'succeeds' });
    // 29 means 2029: expired at the fixed clock.
    expect(checkTestCard(card({ expYear: 29 }), NOW)).toMatchObject({ ok: false, code: 'expired_card' });
  });

  it('refuses a 2-digit CVC (and a 5-digit or non-numeric one); 3 and 4 digits are fine', () => {
    const invalid = { ok: false, code: 'invalid_cvc', message: "Your card's security code is invalid." };
    expect(checkTestCard(card({ cvc: '12' }), NOW)).toEqual(invalid);
    expect(checkTestCard(card({ cvc: '12345' }), NOW)).toEqual(invalid);
    expect(checkTestCard(card({ cvc: '1a3' }), NOW)).toEqual(invalid);
    expect(checkTestCard(card({ cvc: '123' }), NOW)).toMatchObject({ ok: true });
    expect(checkTestCard(card({ cvc: '1234' }), NOW)).toMatchObject({ ok: true });
  });
});
