// The push backend's routes (issue 40, part 3) and the VAPID key as PushManager.subscribe takes it.

export const VAPID_KEY_PATH = '/v1/push/vapid-public-key';
// The pages hold a session cookie, not a bearer token: the subscription goes through the pages' own route.
export const PUSH_SUBSCRIPTIONS_PATH = '/dashboard/push-subscriptions';

/** A base64url VAPID public key (no padding, as web-push prints it) as the bytes `applicationServerKey` takes. */
export function vapidKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** What the button says when one of the routes answers `status` instead of succeeding. */
export function pushRefusal(status: number): string {
  if (status === 404)
    return 'Notifications on this device are not available on Legwork yet. Email and text still reach you.';
  if (status === 401 || status === 403) return 'Sign in again to turn on notifications on this device.';
  if (status === 429) return 'Too many tries: wait a minute and try again.';
  return `Notifications could not be turned on (${status}). Try again later.`;
}
