import { describe, expect, it } from 'vitest';
import { menuIndexAfter, sendsMessage } from './keyboard';

describe('menuIndexAfter', () => {
  it('steps down and up, wrapping at the ends', () => {
    expect(menuIndexAfter('ArrowDown', 0, 3)).toBe(1);
    expect(menuIndexAfter('ArrowDown', 2, 3)).toBe(0);
    expect(menuIndexAfter('ArrowUp', 1, 3)).toBe(0);
    expect(menuIndexAfter('ArrowUp', 0, 3)).toBe(2);
  });

  it('starts at the first item going down and the last going up when none has focus', () => {
    expect(menuIndexAfter('ArrowDown', -1, 3)).toBe(0);
    expect(menuIndexAfter('ArrowUp', -1, 3)).toBe(2);
  });

  it('jumps to the ends with Home and End', () => {
    expect(menuIndexAfter('Home', 2, 4)).toBe(0);
    expect(menuIndexAfter('End', 0, 4)).toBe(3);
  });

  it('leaves other keys, and an empty menu, alone', () => {
    expect(menuIndexAfter('Tab', 0, 3)).toBeNull();
    expect(menuIndexAfter('a', 0, 3)).toBeNull();
    expect(menuIndexAfter('ArrowDown', -1, 0)).toBeNull();
  });
});

describe('sendsMessage', () => {
  it('sends on Enter alone', () => {
    expect(sendsMessage({ key: 'Enter', shiftKey: false })).toBe(true);
  });

  it('keeps Shift+Enter for a new line, and an Enter that ends a composition', () => {
    expect(sendsMessage({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(sendsMessage({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(sendsMessage({ key: 'a', shiftKey: false })).toBe(false);
  });
});
