import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { type CreateEmailResponse, Resend } from 'resend';
import type { Executor } from '@/db/client';
import { emails } from '@/db/schema';
import { logger } from '@/lib/logger';
import type { Mailer } from './mailer';

export const RESEND_API_URL = 'https://api.resend.com';
const ATTEMPTS = 3;

export type ResendMailerOptions = {
  apiKey: string;
  from: string;
  /**
   * For tests against a local stand-in. Passed explicitly so the SDK's own fallback to a RESEND_BASE_URL
   * environment variable can never send the key somewhere our configuration does not mention.
   */
  baseUrl?: string;
  timeoutMs?: number;
  /** Pause before the second attempt, doubled before the third. */
  retryDelayMs?: number;
};

type ResendError = NonNullable<CreateEmailResponse['error']>;

/**
 * Resend behind the Mailer interface. The row in `emails` is written first, so its id can key the request:
 * the SDK does not retry, so we do (network errors, timeouts, 429 and 5xx) with the same `Idempotency-Key`,
 * and Resend sends the message once. A refusal (any 4xx, a 429 that outlasted the retries too) removes the row,
 * since nothing was sent; when the outcome is unknown (no answer, 5xx) the row stays with no `providerId`.
 */
export function createResendMailer(db: Executor, options: ResendMailerOptions): Mailer {
  const resend = new Resend(options.apiKey, { baseUrl: options.baseUrl ?? RESEND_API_URL });
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retryDelayMs = options.retryDelayMs ?? 500;

  async function post(payload: Parameters<Resend['emails']['send']>[0], idempotencyKey: string) {
    let response: CreateEmailResponse | undefined;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      if (attempt > 1) await sleep(retryDelayMs * 2 ** (attempt - 2));
      response = await resend.emails
        .send(payload, { idempotencyKey, signal: AbortSignal.timeout(timeoutMs) })
        // The SDK reports most failures in `error`, but a timeout while reading the body is thrown.
        .catch((thrown: unknown) => ({ data: null, error: networkError(thrown), headers: null }));
      if (!response.error || !isRetryable(response.error)) return response;
    }
    return response as CreateEmailResponse;
  }

  // Whatever the provider echoes back, the key never reaches a message, a log line or a caller.
  const errorMessage = (error: ResendError) =>
    `Resend did not send the email: ${error.name} (${error.statusCode ?? 'no response'}): ${error.message}`.replaceAll(
      options.apiKey,
      '[redacted]',
    );

  return {
    name: 'resend',
    async send({ to, subject, text, html, replyTo, headers, idempotencyKey }) {
      const { from } = options;
      const [row] = await db
        .insert(emails)
        .values({ provider: 'resend', to, from, subject, text, html: html ?? null, replyTo, headers })
        .returning({ id: emails.id });
      if (!row) throw new Error('the emails insert returned no row');

      const { data, error } = await post(
        {
          from,
          to,
          subject,
          text,
          ...(html ? { html } : {}),
          ...(replyTo ? { replyTo } : {}),
          ...(headers ? { headers } : {}),
        },
        idempotencyKey ?? `email:${row.id}`,
      );
      if (error || !data) {
        const refused = error?.statusCode != null && error.statusCode < 500;
        if (refused) await db.delete(emails).where(eq(emails.id, row.id));
        throw new Error(error ? errorMessage(error) : 'Resend answered without an email id');
      }
      await db.update(emails).set({ providerId: data.id }).where(eq(emails.id, row.id));
      logger.info('email sent', { emailId: row.id, provider: 'resend', providerId: data.id });
      return { id: row.id };
    },
  };
}

function isRetryable(error: ResendError): boolean {
  return error.statusCode == null || error.statusCode === 429 || error.statusCode >= 500;
}

function networkError(thrown: unknown): ResendError {
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return { name: 'application_error', statusCode: null, message };
}
