import { describe, expect, it } from 'vitest';
import { chargedCents, describeMode, modeOfToken, moneyQuestion } from './try-it-money';

const task = JSON.stringify({ title: 'Photograph the shop front', budgetCents: 2_000 });

describe('modeOfToken', () => {
  it('tells a test key from a live key, a session token and nothing', () => {
    expect(modeOfToken('lgw_test_abc')).toBe('test-key');
    expect(modeOfToken('lgw_live_abc')).toBe('live-key');
    expect(modeOfToken('lgws_sessiontoken')).toBe('session');
    expect(modeOfToken('')).toBe('none');
  });
});

describe('describeMode', () => {
  it('says whether real money moves', () => {
    expect(describeMode('test-key', true)).toBe('test key: no real money moves');
    expect(describeMode('session', true)).toBe('your session (real money)');
    expect(describeMode('live-key', false)).toBe('live key (this site is in test mode: no real money)');
    expect(describeMode('none', true)).toBe('no credentials');
  });
});

describe('chargedCents', () => {
  it('is the budget plus the 15% fee, from a task’s or a booking’s body', () => {
    expect(chargedCents(task)).toBe(2_300);
    expect(chargedCents('{"startsAt":"2030-01-01T10:00:00Z","expectedPriceCents":500}')).toBe(575);
  });

  it('is null when the body does not say: none, malformed, or not whole cents', () => {
    expect(chargedCents('')).toBeNull();
    expect(chargedCents('{"budgetCents":')).toBeNull();
    expect(chargedCents('{"budgetCents":"2000"}')).toBeNull();
    expect(chargedCents('{"budgetCents":12.5}')).toBeNull();
    expect(chargedCents('[2000]')).toBeNull();
  });
});

describe('moneyQuestion', () => {
  it('asks a live session before a charge, with the total the card pays', () => {
    expect(moneyQuestion({ movesMoney: 'charge', mode: 'session', body: task, livemode: true })).toBe(
      'This charges $23.00 to your card and posts to real workers.',
    );
  });

  it('says "money" when the amount is not in the body (publishing a draft)', () => {
    expect(moneyQuestion({ movesMoney: 'charge', mode: 'live-key', body: '', livemode: true })).toBe(
      'This charges money to your card and posts to real workers.',
    );
  });

  it('asks before a payout from escrow', () => {
    expect(moneyQuestion({ movesMoney: 'payout', mode: 'session', body: '', livemode: true })).toBe(
      'This pays a real worker from the task’s escrow, and cannot be undone.',
    );
  });

  it('still asks on a test-mode site, saying that no real money moves', () => {
    expect(moneyQuestion({ movesMoney: 'charge', mode: 'session', body: task, livemode: false })).toBe(
      'This charges $23.00 to your card and posts to workers. This site is in test mode: the card is a test card ' +
        'and no real money moves.',
    );
  });

  it('lets a test key, no credentials, a draft and an operation that moves nothing go at once', () => {
    expect(moneyQuestion({ movesMoney: 'charge', mode: 'test-key', body: task, livemode: true })).toBeNull();
    expect(moneyQuestion({ movesMoney: 'charge', mode: 'none', body: task, livemode: true })).toBeNull();
    const draft = JSON.stringify({ title: 'Later', budgetCents: 2_000, draft: true });
    expect(moneyQuestion({ movesMoney: 'charge', mode: 'session', body: draft, livemode: true })).toBeNull();
    expect(moneyQuestion({ movesMoney: undefined, mode: 'session', body: task, livemode: true })).toBeNull();
  });
});
