// What Legwork needs from an SMS provider. Two adapters implement it: Telnyx (when TELNYX_API_KEY and
// TELNYX_FROM_NUMBER are set) and the built-in outbox, which sends nothing: the queued row in `sms_outbox` is
// the message, shown at /dev/mailbox. Messages are queued first (queue-sms.ts) and sent by the SMS dispatcher
// with retries, never inline with a request.
export type MessengerName = 'telnyx' | 'outbox';

export type SmsMessage = {
  /** E.164. */
  to: string;
  body: string;
  /** The `sms_outbox` row: a retry of the same row is the same logical message. */
  outboxId: string;
};

export type Messenger = {
  name: MessengerName;
  /** Hands one message to the provider; throws when it was not accepted (the dispatcher retries). */
  send(message: SmsMessage): Promise<{ providerId: string | null }>;
};
