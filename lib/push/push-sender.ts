// What Legwork needs from a push service. Two adapters implement it: web push through the browsers' push services
// (web-push-sender.ts) and the built-in outbox, which sends nothing: the `push_outbox` row is the push, shown at
// /dev/mailbox (get-push-sender.ts picks one). Pushes are queued first, in the transaction that notifies, and sent
// by the push job with retries, never inline with a request.
export type PushSenderName = 'webpush' | 'outbox';

/** What the service worker shows: `showNotification(title, { body, tag, data: { url } })`. */
export type PushPayload = { title: string; body: string; url: string; tag: string };

export type PushMessage = {
  subscription: { endpoint: string; p256dh: string; auth: string };
  payload: PushPayload;
  /** The `push_outbox` row: a retry of the same row is the same push. */
  outboxId: string;
};

/** The push service's answer; `statusCode` null when none came (refused address, network error, timeout). */
export type PushResult = { statusCode: number | null; error: string | null };

export type PushSender = {
  name: PushSenderName;
  /** Hands one push to the push service. Never throws for a refusal: the caller reads the status. */
  send(message: PushMessage): Promise<PushResult>;
};
