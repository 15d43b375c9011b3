import type { ErrorCode } from '@/lib/errors/api-error';

/**
 * Every code the API answers with (the table in lib/errors/api-error.ts), plus two of the client's own:
 * `NETWORK_ERROR` when no answer arrived after the retries, `UNEXPECTED_RESPONSE` for an error answer that is
 * not the API's envelope and whose status names no code (a proxy's page, say).
 */
export type LegworkErrorCode = ErrorCode | 'NETWORK_ERROR' | 'UNEXPECTED_RESPONSE';

export type LegworkApiErrorInit = {
  status: number;
  code: LegworkErrorCode;
  message: string;
  hint?: string;
  retryAfter?: number;
  details?: unknown;
  requestId?: string;
  issues?: { path: string[]; message: string }[];
  /** A 402's x402 v2 PaymentRequired, decoded from its `PAYMENT-REQUIRED` header. */
  paymentRequired?: Record<string, unknown>;
  /** Whether the answer carried the API's error envelope; false for any other body, or no answer at all. */
  fromEnvelope?: boolean;
  cause?: unknown;
};

/** A request that did not succeed: the API's error envelope, or what the client could tell without one. */
export class LegworkApiError extends Error {
  status: number;
  code: LegworkErrorCode;
  hint?: string;
  /** Seconds to wait before retrying, from `Retry-After` or `details.retryAfter`. */
  retryAfter?: number;
  details?: unknown;
  /** The `X-Request-Id` of the answer: quote it when reporting a problem. */
  requestId?: string;
  /** Validation problems, one per field (VALIDATION_ERROR). */
  issues?: { path: string[]; message: string }[];
  /** A 402's x402 v2 PaymentRequired (`PAYMENT-REQUIRED` decoded): what an x402 v2 client signs for. */
  paymentRequired?: Record<string, unknown>;
  /**
   * Whether the answer carried the API's error envelope (code, message, hint). When false, `message` and `details`
   * may hold whatever answered instead (a proxy's page): show them to whoever configured the base URL, not further.
   */
  fromEnvelope: boolean;

  constructor(init: LegworkApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'LegworkApiError';
    this.status = init.status;
    this.code = init.code;
    this.hint = init.hint;
    this.retryAfter = init.retryAfter;
    this.details = init.details;
    this.requestId = init.requestId;
    this.issues = init.issues;
    this.paymentRequired = init.paymentRequired;
    this.fromEnvelope = init.fromEnvelope ?? false;
  }
}

// Error answers without the envelope still get the code their status means in the API's table.
const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMIT_EXCEEDED',
  500: 'INTERNAL_ERROR',
  502: 'SERVICE_UNAVAILABLE',
  503: 'SERVICE_UNAVAILABLE',
  504: 'SERVICE_UNAVAILABLE',
};

type Envelope = {
  error?: { code?: unknown; message?: unknown; hint?: unknown; details?: unknown; issues?: unknown };
  x402Version?: unknown;
  accepts?: unknown;
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Seconds from a `Retry-After` header: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

/** `Retry-After`, else the envelope's `details.retryAfter`. */
export function retryAfterOf(response: Response, body: unknown): number | undefined {
  const header = parseRetryAfter(response.headers.get('retry-after'));
  if (header !== undefined) return header;
  const details = isObject(body) && isObject(body.error) ? body.error.details : undefined;
  const fromBody = isObject(details) ? details.retryAfter : undefined;
  return typeof fromBody === 'number' && Number.isFinite(fromBody) && fromBody >= 0 ? fromBody : undefined;
}

/** Reads a body as JSON when it is JSON, else as text ('' when there is none). */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The error a non-2xx answer stands for; `body` is its parsed JSON or its text. */
export function errorFromResponse(response: Response, body: unknown): LegworkApiError {
  const base = {
    status: response.status,
    retryAfter: retryAfterOf(response, body),
    requestId: response.headers.get('x-request-id') ?? undefined,
  };
  const envelope = (isObject(body) ? body : {}) as Envelope;
  const error = envelope.error;
  if (!isObject(error) || typeof error.code !== 'string') {
    const snippet = typeof body === 'string' ? body.slice(0, 200) : '';
    return new LegworkApiError({
      ...base,
      code: CODE_OF_STATUS[response.status] ?? 'UNEXPECTED_RESPONSE',
      message: `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}${snippet ? `: ${snippet}` : ''}`,
      details: body === '' ? undefined : body,
    });
  }
  // A 402's x402 offer travels beside the envelope; keep it with the details so a caller can pay later.
  const offer = Array.isArray(envelope.accepts)
    ? { x402Version: envelope.x402Version, accepts: envelope.accepts }
    : undefined;
  const details = offer ? { ...(isObject(error.details) ? error.details : {}), ...offer } : error.details;
  return new LegworkApiError({
    ...base,
    code: error.code as LegworkErrorCode,
    message: typeof error.message === 'string' ? error.message : `HTTP ${response.status}`,
    hint: typeof error.hint === 'string' ? error.hint : undefined,
    details,
    issues: Array.isArray(error.issues) ? (error.issues as LegworkApiError['issues']) : undefined,
    paymentRequired:
      response.status === 402 ? decodePaymentRequired(response.headers.get('payment-required')) : undefined,
    fromEnvelope: true,
  });
}

/** The base64 JSON of a `PAYMENT-REQUIRED` header; undefined when absent or not an x402 offer. */
function decodePaymentRequired(header: string | null): Record<string, unknown> | undefined {
  if (!header) return undefined;
  try {
    const bytes = Uint8Array.from(atob(header), (char) => char.charCodeAt(0));
    const decoded: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return isObject(decoded) && Array.isArray(decoded.accepts) ? decoded : undefined;
  } catch {
    return undefined;
  }
}
