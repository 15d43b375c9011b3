import { errorFromResponse, readBody, retryAfterOf } from './errors';

/** What a 402 offers: the x402 v1 body fields, and the v2 `PAYMENT-REQUIRED` header as received. */
export type X402PaymentRequest = { x402Version: number; accepts: unknown[]; paymentRequiredHeader?: string };

/** Pays a 402: returns the header to retry with, e.g. `{ header: 'X-Payment', value: <base64 payload> }`. */
export type X402Signer = (requirements: X402PaymentRequest) => Promise<{ header: string; value: string }>;

export type RetryPolicy = {
  maxRetries: number;
  x402Signer?: X402Signer;
  /** First backoff step; each retry doubles it, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** The longest `Retry-After` the client waits for. */
  maxRetryAfterSeconds?: number;
  /** False returns a 429 at once instead of waiting to retry it. Default true. */
  retryRateLimited?: boolean;
};

const DEFAULT_BASE_DELAY_MS = 250;
const DEFAULT_MAX_DELAY_MS = 8_000;
const DEFAULT_MAX_RETRY_AFTER_SECONDS = 60;
const RETRIED_SERVER_STATUSES = new Set([500, 502, 503, 504]);

/**
 * A fetch that sends one logical request until it gets an answer worth returning: every POST carries an
 * Idempotency-Key (the caller's or a fresh UUID), the same on each of its retries, so a retry can never do
 * the work twice; 429 waits for `Retry-After`; 5xx, a key still in use and network failures back off
 * exponentially with jitter; a 402 is paid once through the signer. The last answer is returned as is
 * (the caller turns a non-2xx one into a LegworkApiError); when no answer came, the last failure is thrown.
 */
export function resilientFetch(fetchImpl: typeof fetch, policy: RetryPolicy): (request: Request) => Promise<Response> {
  const baseDelay = policy.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;
  const maxDelay = policy.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  const maxRetryAfterMs = (policy.maxRetryAfterSeconds ?? DEFAULT_MAX_RETRY_AFTER_SECONDS) * 1000;
  const backoff = (retry: number) => Math.min(maxDelay, baseDelay * 2 ** retry) * (0.5 + Math.random() / 2);

  /** How long to wait before retrying this answer, or undefined when it is final. */
  async function delayBefore(response: Response, retry: number): Promise<number | undefined> {
    if (response.status === 429) {
      if (policy.retryRateLimited === false) return undefined;
      const seconds = retryAfterOf(response, await readBody(response.clone()));
      return seconds === undefined ? backoff(retry) : Math.min(seconds * 1000, maxRetryAfterMs);
    }
    if (RETRIED_SERVER_STATUSES.has(response.status)) {
      const seconds = retryAfterOf(response, undefined);
      return seconds === undefined ? backoff(retry) : Math.min(seconds * 1000, maxRetryAfterMs);
    }
    if (response.status === 409) {
      const body = (await readBody(response.clone())) as { error?: { code?: unknown } } | undefined;
      if (body?.error?.code === 'IDEMPOTENCY_KEY_IN_USE') return backoff(retry);
    }
    return undefined;
  }

  return async (request) => {
    const headers = new Headers(request.headers);
    if (request.method === 'POST' && !headers.has('idempotency-key')) {
      headers.set('idempotency-key', crypto.randomUUID());
    }
    // Read once so every attempt sends the same bytes (a Request body can be read only once).
    const body = request.body === null ? undefined : await request.arrayBuffer();
    const { signal } = request;
    const send = (payment: { header: string; value: string } | undefined) => {
      const attemptHeaders = new Headers(headers);
      if (payment) attemptHeaders.set(payment.header, payment.value);
      return fetchImpl(
        new Request(request.url, { method: request.method, headers: attemptHeaders, body, signal, redirect: 'follow' }),
      );
    };

    let payment: { header: string; value: string } | undefined;
    let retries = 0;
    for (;;) {
      let response: Response;
      try {
        response = await send(payment);
      } catch (error) {
        if (signal.aborted || retries >= policy.maxRetries) throw error;
        await sleep(backoff(retries++), signal);
        continue;
      }
      // A request that brought its own payment (an MCP client paying in `_meta`) gets its refusal back: paying
      // it again with this client's wallet would spend money the caller did not choose to spend.
      if (response.status === 402 && policy.x402Signer && !payment && !carriesPayment(headers)) {
        const offer = await paymentRequestOf(response.clone());
        if (!offer) return response;
        payment = await pay(policy.x402Signer, offer, response);
        continue;
      }
      const delay = retries < policy.maxRetries ? await delayBefore(response, retries) : undefined;
      if (delay === undefined) return response;
      await response.body?.cancel();
      retries++;
      await sleep(delay, signal);
    }
  };
}

const PAYMENT_HEADERS = ['x-payment', 'payment-signature'];
const carriesPayment = (headers: Headers) => PAYMENT_HEADERS.some((name) => headers.has(name));

async function pay(signer: X402Signer, offer: X402PaymentRequest, response: Response) {
  try {
    return await signer(offer);
  } catch (cause) {
    const error = errorFromResponse(response, await readBody(response));
    error.message = `The x402 signer did not pay: ${cause instanceof Error ? cause.message : String(cause)}`;
    error.cause = cause;
    throw error;
  }
}

/** The offer of a 402: the x402 v1 fields of its body, else the v2 `PAYMENT-REQUIRED` header decoded. */
async function paymentRequestOf(response: Response): Promise<X402PaymentRequest | undefined> {
  const header = response.headers.get('payment-required') ?? undefined;
  const body = (await readBody(response)) as { x402Version?: unknown; accepts?: unknown };
  if (Array.isArray(body?.accepts) && body.accepts.length > 0) {
    const x402Version = typeof body.x402Version === 'number' ? body.x402Version : 1;
    return { x402Version, accepts: body.accepts, paymentRequiredHeader: header };
  }
  if (!header) return undefined;
  try {
    const decoded = JSON.parse(atob(header)) as { x402Version?: unknown; accepts?: unknown };
    if (!Array.isArray(decoded.accepts) || decoded.accepts.length === 0) return undefined;
    const x402Version = typeof decoded.x402Version === 'number' ? decoded.x402Version : 2;
    return { x402Version, accepts: decoded.accepts, paymentRequiredHeader: header };
  } catch {
    return undefined;
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
