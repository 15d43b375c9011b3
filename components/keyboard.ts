/**
 * Where focus goes in a menu of `count` items after `key`, from item `current` (-1: none focused yet): Down and Up
 * step and wrap around, Home and End jump to the ends. null for any other key, which the menu leaves alone.
 */
export function menuIndexAfter(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : (current + 1) % count;
    case 'ArrowUp':
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * Whether a key press in a message box sends the message: Enter alone sends, Shift+Enter is a new line, and an
 * Enter that ends an input method's composition (Japanese, Chinese) only ends the composition.
 */
export function sendsMessage(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing;
}

/** The hint under a message box that sends on Enter. */
export const SEND_HINT = 'Enter to send, Shift+Enter for a new line';
