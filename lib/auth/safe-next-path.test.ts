import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next-path';

const SITE = 'https://legwork.example';

describe('safeNextPath', () => {
  it.each([
    ['/claim/abc', '/claim/abc'],
    ['/dashboard/tasks?status=posted#top', '/dashboard/tasks?status=posted#top'],
    ['/worker/../dashboard', '/dashboard'],
  ])('keeps a path on this site: %s', (next, expected) => {
    expect(safeNextPath(next, SITE)).toBe(expected);
  });

  it.each([
    ['//evil.example/x'],
    ['/\\evil.example/x'],
    ['\\\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\\/evil.example'],
    ['/.//evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['evil.example'],
    [''],
    [undefined],
    [['/dashboard', '//evil.example']],
  ])('sends anything that leaves the site to the dashboard: %j', (next) => {
    expect(safeNextPath(next, SITE)).toBe('/dashboard');
  });

  it('the decoded query values of the reported variants stay on site', () => {
    for (const query of ['next=/%5Cevil.example/x', 'next=/%09/evil.example', 'next=%2F%2Fevil.example']) {
      const next = new URLSearchParams(query).get('next');
      const target = new URL(safeNextPath(next, SITE), SITE);
      expect(target.origin, query).toBe(SITE);
    }
  });
});
