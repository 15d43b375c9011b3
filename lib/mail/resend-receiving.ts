import { Resend } from 'resend';
import { ApiError } from '@/lib/errors/api-error';
import { logger } from '@/lib/logger';
import { lowerCaseHeaders, type ReceivedEmailSource } from './received-email';
import { RESEND_API_URL } from './resend-mailer';

export type ResendReceivingOptions = {
  apiKey: string;
  /** For tests against a local stand-in (see ResendMailerOptions.baseUrl). */
  baseUrl?: string;
  timeoutMs?: number;
};

/**
 * Resend's receiving API: `GET /emails/receiving/{id}` gives the body and headers the `email.received` webhook
 * leaves out (protocols §3.1). A 404 is "no such email"; any other failure is 503 SERVICE_UNAVAILABLE, so the
 * webhook answers non-2xx and Resend delivers it again later.
 */
export function createResendReceiving(options: ResendReceivingOptions): ReceivedEmailSource {
  const resend = new Resend(options.apiKey, { baseUrl: options.baseUrl ?? RESEND_API_URL });
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    name: 'resend',
    async fetch(emailId) {
      const { data, error } = await resend.emails.receiving
        .get(encodeURIComponent(emailId), {}, { signal: AbortSignal.timeout(timeoutMs) })
        .catch((thrown: unknown) => ({
          data: null,
          error: { name: 'application_error', statusCode: null, message: String(thrown) },
        }));
      if (error?.statusCode === 404 || error?.name === 'not_found') return null;
      if (error || !data) {
        logger.warn('Resend did not return a received email', {
          emailId,
          status: error?.statusCode ?? null,
          error: error?.name ?? 'no data',
        });
        throw new ApiError('SERVICE_UNAVAILABLE', {
          hint: 'The received email could not be fetched from Resend; deliver the event again later.',
        });
      }
      return {
        from: data.from ?? '',
        to: data.to ?? [],
        cc: data.cc ?? [],
        subject: data.subject ?? '',
        text: data.text ?? null,
        html: data.html ?? null,
        headers: lowerCaseHeaders(data.headers),
      };
    },
  };
}
