import { createHash } from 'node:crypto';
import webpush from 'web-push';
import { deliver } from '@/lib/webhooks/deliver';
import { type Resolver, systemResolver } from '@/lib/webhooks/url-guard';
import type { PushSender } from './push-sender';
import type { VapidKeys } from './vapid-keys';

/** How long a push service keeps a push for a browser that is offline: a day, then the news is stale. */
export const PUSH_TTL_SECONDS = 24 * 3600;

export type WebPushSenderOptions = {
  vapid: VapidKeys;
  /** Lets endpoints be http: or private (PUSH_ALLOW_PRIVATE_URLS, a local stand-in in tests). */
  allowPrivate: boolean;
  resolve?: Resolver;
};

/**
 * Web push (RFC 8030) with VAPID (RFC 8292) and an aes128gcm payload (RFC 8291), all built by the `web-push`
 * library (`generateRequestDetails`: the same headers and body its `sendNotification` sends). The POST itself goes
 * through the webhooks' delivery (lib/webhooks/deliver.ts), since the endpoint is the browser's choice: the host is
 * resolved, checked and pinned at connect time (SSRF, reference/protocols.md §9), no redirect is followed, 10 s in all.
 */
export function createWebPushSender({
  vapid,
  allowPrivate,
  resolve = systemResolver,
}: WebPushSenderOptions): PushSender {
  return {
    name: 'webpush',
    async send({ subscription, payload }) {
      let details: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        details = webpush.generateRequestDetails(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify({ title: payload.title, body: payload.body, url: payload.url, tag: payload.tag }),
          {
            vapidDetails: vapid,
            TTL: PUSH_TTL_SECONDS,
            urgency: 'normal',
            topic: topicOf(payload.tag),
            contentEncoding: 'aes128gcm',
          },
        );
      } catch (error) {
        return { statusCode: null, error: `Not sent: ${error instanceof Error ? error.message : String(error)}` };
      }
      const headers = Object.fromEntries(
        Object.entries(details.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      const result = await deliver({
        url: details.endpoint,
        headers,
        body: details.body ?? Buffer.alloc(0),
        rules: { allowPrivate },
        resolve,
      });
      if (result.error) return { statusCode: null, error: result.error };
      const status = result.statusCode ?? 0;
      if (status >= 200 && status < 300) return { statusCode: status, error: null };
      const snippet = result.responseSnippet?.slice(0, 200).trim();
      return { statusCode: status, error: `The push service answered ${status}${snippet ? `: ${snippet}` : ''}` };
    },
  };
}

// A push service keeps only the newest push of a Topic for an offline browser. Topics are at most 32 base64url
// characters, so the tag is hashed into one.
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);
