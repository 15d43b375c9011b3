import { describe, expect, it } from 'vitest';
import { usageFilters } from './usage-filters';

describe('usageFilters', () => {
  it('turns the form into the logs query: UTC days, a status class, a trimmed route', () => {
    const { query, error } = usageFilters({
      status: '4xx',
      route: ' /v1/tasks ',
      from: '2026-11-01',
      to: '2026-11-20',
    });
    expect(error).toBeUndefined();
    expect(query).toMatchObject({
      status: '4xx',
      route: '/v1/tasks',
      from: '2026-11-01T00:00:00Z',
      to: '2026-11-20T23:59:59.999Z',
      limit: 50,
    });
  });

  it('ignores an unknown status and answers a refused range with an error and no filter', () => {
    expect(usageFilters({ status: 'all' }).query.status).toBeUndefined();
    const reversed = usageFilters({ from: '2026-11-20', to: '2026-11-01' });
    expect(reversed.error).toBe('From: Must not be after `to`');
    expect(reversed.query).toEqual({ limit: 50 });
    expect(reversed.form.from).toBe('2026-11-20');
    expect(usageFilters({ from: '2026-09-01', to: '2026-11-01' }).error).toBe(
      'From: The range must be 31 days or less',
    );
    expect(usageFilters({ cursor: 'junk' }).error).toBe('Page: Invalid cursor');
  });
});
