import Telnyx from 'telnyx';
import type { Messenger } from './messenger';

export const TELNYX_API_URL = 'https://api.telnyx.com/v2';

export type TelnyxMessengerOptions = {
  apiKey: string;
  /** The sending number, E.164. */
  from: string;
  /**
   * For tests against a local stand-in. Passed explicitly so the SDK's own fallback to a TELNYX_BASE_URL
   * environment variable can never send the key somewhere our configuration does not mention.
   */
  baseUrl?: string;
  timeoutMs?: number;
};

/** Longest provider error text kept: it is stored in `sms_outbox.last_error`. */
const MAX_ERROR_LENGTH = 500;

/**
 * Telnyx behind the Messenger interface: one `POST /messages` per text. The SDK does not retry (maxRetries 0):
 * the SMS dispatcher does, with its own backoff, so a failure here is one attempt. Telnyx has no idempotency key
 * for messages, so an attempt whose answer was lost (a timeout) may, once retried, deliver the text twice.
 */
export function createTelnyxMessenger(options: TelnyxMessengerOptions): Messenger {
  const client = new Telnyx({
    apiKey: options.apiKey,
    baseURL: options.baseUrl ?? TELNYX_API_URL,
    maxRetries: 0,
    timeout: options.timeoutMs ?? 10_000,
    // Nothing from the environment beyond what we pass: no OAuth client credentials, no SDK logging.
    publicKey: null,
    clientID: null,
    clientSecret: null,
    logLevel: 'off',
  });

  // Whatever the provider echoes back, the key never reaches a message, a stored error or a log line.
  const safe = (message: string) =>
    `Telnyx did not send the text: ${message}`.replaceAll(options.apiKey, '[redacted]').slice(0, MAX_ERROR_LENGTH);

  return {
    name: 'telnyx',
    async send({ to, body }) {
      const response = await client.messages.send({ from: options.from, to, text: body }).catch((thrown: unknown) => {
        throw new Error(safe(describeFailure(thrown)));
      });
      const providerId = response.data?.id;
      if (!providerId) throw new Error(safe('the answer carried no message id'));
      return { providerId };
    },
  };
}

type TelnyxErrorBody = { errors?: { code?: string; title?: string; detail?: string }[] };

/** A refusal as `<status> <title>: <detail>` from Telnyx's `{errors: [...]}` body; a network failure in words. */
function describeFailure(thrown: unknown): string {
  if (thrown instanceof Telnyx.APIConnectionTimeoutError) return 'no response (timed out)';
  if (thrown instanceof Telnyx.APIError && thrown.status !== undefined) {
    const first = (thrown.error as TelnyxErrorBody | undefined)?.errors?.[0];
    const words = [first?.title, first?.detail].filter(Boolean).join(': ');
    return `HTTP ${thrown.status}${words ? ` ${words}` : ''}`;
  }
  if (thrown instanceof Telnyx.APIConnectionError) return 'no response (connection failed)';
  return thrown instanceof Error ? thrown.message : String(thrown);
}
