import { describe, expect, it } from 'vitest';
import { changeLines, formatValue, resolutionSummary, targetHref } from './audit-summary';

describe('audit log summaries', () => {
  it('reads a change as key: before → after, in the order the keys first appear', () => {
    expect(
      changeLines(
        { suspendedAt: null, listed: true, reason: 'spam' },
        { suspendedAt: '2026-11-26T01:00:00.000Z', listed: false, reason: 'spam', cancelledTasks: 2 },
      ),
    ).toEqual([
      { key: 'suspendedAt', text: '— → 2026-11-26T01:00:00.000Z' },
      { key: 'listed', text: 'true → false' },
      { key: 'reason', text: 'spam' },
      { key: 'cancelledTasks', text: '2' },
    ]);
  });

  it('a side that is null shows only the other; a key only before had ends in —', () => {
    expect(changeLines(null, { body: 'On my way' })).toEqual([{ key: 'body', text: 'On my way' }]);
    expect(changeLines({ status: 'open' }, null)).toEqual([{ key: 'status', text: 'open → —' }]);
    expect(changeLines({ status: 'open' }, {})).toEqual([{ key: 'status', text: 'open → —' }]);
    expect(changeLines(null, null)).toEqual([]);
  });

  it('writes objects as JSON and cuts long values', () => {
    expect(formatValue({ workerCents: 500 })).toBe('{"workerCents":500}');
    expect(formatValue(['a', 1])).toBe('["a",1]');
    expect(formatValue(undefined)).toBe('—');
    const long = formatValue('x'.repeat(200));
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
  });

  it('links a user, a dispute and an intake conversation to their console pages, nothing else', () => {
    expect(targetHref({ type: 'user', id: 'u 1' })).toBe('/admin/users?q=u+1');
    expect(targetHref({ type: 'dispute', id: 'd1' })).toBe('/admin/disputes/d1');
    expect(targetHref({ type: 'intake_conversation', id: 'c1' })).toBe('/admin/intake/c1');
    expect(targetHref({ type: 'task', id: 't1' })).toBeUndefined();
  });

  it('says what a dispute resolution did with the money, the fee when the row kept it', () => {
    const split = { outcome: 'split', workerCents: 1_200, refundCents: 920, feeCents: 180 };
    expect(resolutionSummary('dispute.resolve', split)).toBe(
      'Split: $12.00 to the worker, $9.20 refunded, $1.80 platform fee',
    );
    expect(resolutionSummary('dispute.resolve', { outcome: 'refund', workerCents: 0, refundCents: 2_300 })).toBe(
      'Refund requester: $0.00 to the worker, $23.00 refunded',
    );
    expect(resolutionSummary('dispute.resolve', { outcome: 'pay_worker', workerCents: 2_000, refundCents: 0 })).toBe(
      'Pay worker: $20.00 to the worker, $0.00 refunded',
    );
  });

  it('has no resolution summary for other actions or a row without its amounts', () => {
    expect(resolutionSummary('user.suspend', { outcome: 'split', workerCents: 1, refundCents: 1 })).toBeUndefined();
    expect(resolutionSummary('dispute.resolve', null)).toBeUndefined();
    expect(resolutionSummary('dispute.resolve', { outcome: 'split' })).toBeUndefined();
    expect(
      resolutionSummary('dispute.resolve', { outcome: 'toString', workerCents: 1, refundCents: 1 }),
    ).toBeUndefined();
  });
});
