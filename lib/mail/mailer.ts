// What Legwork needs from an email provider. Two adapters implement it: Resend (when RESEND_API_KEY is set)
// and the built-in outbox, which only stores the message for /dev/mailbox. Both write the `emails` table,
// so every message we send leaves a row whatever the provider.
export type MailerName = 'resend' | 'outbox';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where an answer goes (reply-by-email: `reply+<token>@<REPLY_DOMAIN>`). */
  replyTo?: string;
  /** Extra headers: `List-Unsubscribe`, `List-Unsubscribe-Post`, `Message-ID`, `References`. */
  headers?: Record<string, string>;
  /**
   * Makes a retry of the same logical message (say `task:<id>:assigned`) a no-op at the provider for 24 hours.
   * Without it each call is a new message.
   */
  idempotencyKey?: string;
};

export type Mailer = {
  name: MailerName;
  /** Sends one message; `id` is its row in `emails` (the provider's own id is stored as `providerId`). */
  send(message: MailMessage): Promise<{ id: string }>;
};
