import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TaskStatus } from '@/db/schema';
import { PriceBox } from './price-box';
import { type PriceSide, priceText } from './price-text';
import type { TaskView } from './task-details';

// A $25.00 budget: $28.75 charged. The split of issue 36: $12.50 to Dana, $1.88 fee on it, $14.37 refunded.
const money = (heldCents = 0, workerCents = 0, refundedCents = 0) => ({ heldCents, workerCents, refundedCents });
const text = (status: TaskStatus, side: PriceSide, booked = money()) =>
  priceText({ status, budgetCents: 2_500, totalCents: 2_875, money: booked, workerName: 'Dana' }, side);

describe('priceText, the requester’s side', () => {
  it('a draft will charge its total (nothing is charged yet)', () => {
    expect(text('draft', 'requester')).toBe('Will charge $28.75');
  });

  it('an open task says what its escrow holds', () => {
    for (const status of ['posted', 'accepted', 'submitted', 'disputed'] as const) {
      expect(text(status, 'requester', money(2_875))).toBe('$28.75 held in escrow');
    }
    expect(text('posted', 'requester')).toBe('Nothing held in escrow yet');
  });

  it('a completed task names who was paid what', () => {
    expect(text('completed', 'requester', money(0, 2_500))).toBe('Paid $25.00 to Dana');
    expect(
      priceText(
        { status: 'completed', budgetCents: 2_500, totalCents: 2_875, money: money(0, 2_500), workerName: null },
        'requester',
      ),
    ).toBe('Paid $25.00 to the worker');
  });

  it('a cancelled or expired task says what was refunded, or that nothing was charged', () => {
    expect(text('cancelled', 'requester', money(0, 0, 2_875))).toBe('Refunded $28.75');
    expect(text('expired', 'requester', money(0, 0, 2_875))).toBe('Refunded $28.75');
    expect(text('cancelled', 'requester')).toBe('Nothing was charged');
  });

  it('a resolved dispute shows each side’s amount', () => {
    expect(text('resolved', 'requester', money(0, 1_250, 1_437))).toBe('Paid $12.50 to Dana, $14.37 refunded');
    expect(text('resolved', 'requester', money(0, 0, 2_875))).toBe('Refunded $28.75');
    expect(text('resolved', 'requester', money(0, 2_500))).toBe('Paid $25.00 to Dana');
  });
});

describe('priceText, the worker’s side', () => {
  it('earns the budget until the task ends', () => {
    for (const status of ['posted', 'accepted', 'submitted', 'disputed'] as const) {
      expect(text(status, 'worker', money(2_875))).toBe('You earn $25.00');
    }
  });

  it('was paid what the ledger booked: the budget, or only their part of a split', () => {
    expect(text('completed', 'worker', money(0, 2_500))).toBe('You were paid $25.00');
    expect(text('resolved', 'worker', money(0, 1_250, 1_437))).toBe('You were paid $12.50');
    expect(text('resolved', 'worker', money(0, 0, 2_875))).toBe('You were not paid for this task');
    expect(text('cancelled', 'worker', money(0, 0, 2_875))).toBe('You were not paid for this task');
  });
});

describe('PriceBox', () => {
  const task = {
    status: 'draft',
    budgetCents: 2_500,
    platformFeeCents: 375,
    totalCents: 2_875,
    fundingSource: null,
  } as unknown as TaskView;
  const render = (side: PriceSide, overrides: Partial<TaskView> = {}, booked = money()) =>
    renderToStaticMarkup(
      createElement(PriceBox, { task: { ...task, ...overrides } as TaskView, side, money: booked, workerName: 'Dana' }),
    );

  it('shows the requester the sentence, then budget, fee and total; never "Total charged" or "until you approve"', () => {
    const draft = render('requester');
    expect(draft).toContain('>Will charge $28.75</p>');
    expect(draft).toContain('Budget');
    expect(draft).toContain('$3.75');
    expect(draft).not.toContain('Total charged');
    const done = render('requester', { status: 'completed', fundingSource: 'card' }, money(0, 2_500));
    expect(done).toContain('>Paid $25.00 to Dana</p>');
    expect(done).toContain('Paid by card.');
    expect(done).not.toContain('held in escrow');
  });

  it('shows the worker only their pay, never the fee', () => {
    const split = render('worker', { status: 'resolved' }, money(0, 1_250, 1_437));
    expect(split).toContain('>You were paid $12.50</p>');
    expect(split).not.toContain('$25.00');
    expect(split).not.toContain('$3.75');
  });
});
