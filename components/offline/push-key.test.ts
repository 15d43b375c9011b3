import { describe, expect, it } from 'vitest';
import { pushRefusal, vapidKeyBytes } from './push-key';

describe('vapidKeyBytes', () => {
  it('decodes an unpadded base64url key to its bytes', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, index) => (index * 37 + 250) % 256);
    const key = Buffer.from(bytes).toString('base64url');
    expect(key).not.toContain('=');
    expect([...vapidKeyBytes(key)]).toEqual([...bytes]);
  });
});

describe('pushRefusal', () => {
  it('says plainly when the push routes are not there yet', () => {
    expect(pushRefusal(404)).toBe(
      'Notifications on this device are not available on Legwork yet. Email and text still reach you.',
    );
    expect(pushRefusal(401)).toBe('Sign in again to turn on notifications on this device.');
  });
});
