import { describe, expect, it } from 'vitest';
import { changeLines, formatValue, targetHref } from './audit-summary';

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
});
