import { describe, expect, it } from 'vitest';
import { choiceParam, textParam } from './list-params';

describe('admin list filters from the URL', () => {
  it('a text filter is trimmed, loses NUL, is capped, and is no filter when blank', () => {
    expect(textParam('  dana@example.com ')).toBe('dana@example.com');
    expect(textParam(['first', 'second'])).toBe('first');
    expect(textParam('a\0b')).toBe('ab');
    expect(textParam('x'.repeat(300))).toHaveLength(200);
    expect(textParam('abcdef', 3)).toBe('abc');
    for (const blank of ['', '   ', '\0', undefined, []]) expect(textParam(blank)).toBeUndefined();
  });

  it('a choice filter is one of the allowed values or nothing', () => {
    const statuses = ['posted', 'disputed'] as const;
    expect(choiceParam('posted', statuses)).toBe('posted');
    expect(choiceParam(['disputed', 'posted'], statuses)).toBe('disputed');
    expect(choiceParam('Posted', statuses)).toBeUndefined();
    expect(choiceParam('toString', statuses)).toBeUndefined();
    expect(choiceParam(undefined, statuses)).toBeUndefined();
  });
});
