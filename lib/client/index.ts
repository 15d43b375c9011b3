import createClient, {
  type Client,
  type ClientPathsWithMethod,
  type FetchResponse,
  type MaybeOptionalInit,
} from 'openapi-fetch';
import { errorFromResponse, LegworkApiError } from './errors';
import { resilientFetch, type X402Signer } from './resilient-fetch';
import type { paths } from './schema';

// The typed Legwork client: openapi-fetch over the generated `paths` (npm run client:generate), resolving to
// the 2xx body and throwing LegworkApiError otherwise. Retries, Idempotency-Key and x402 live in
// resilient-fetch.ts. Usage: lib/client/README.md.

export { LegworkApiError, type LegworkApiErrorInit, type LegworkErrorCode } from './errors';
export type { X402PaymentRequest, X402Signer } from './resilient-fetch';
export type { components, operations, paths } from './schema';
export { x402SignerFromAccount } from './x402-signer';

export type LegworkClientOptions = {
  /** Where the API lives, without `/v1`: `https://legwork.example` or `http://localhost:3000`. */
  baseUrl: string;
  /** `lgw_live_…`/`lgw_test_…` key or a session token, sent as `Authorization: Bearer`. */
  apiKey?: string;
  fetch?: typeof fetch;
  /** Pays a 402 with x402; without one a 402 throws PAYMENT_REQUIRED with the offer in `details`. */
  x402Signer?: X402Signer;
  /** Retries of one call after 429, 5xx or a network failure. Default 3. */
  maxRetries?: number;
  /** False: a 429 is the answer (thrown as RATE_LIMIT_EXCEEDED) instead of a wait for `Retry-After`. Default true. */
  retryRateLimited?: boolean;
  userAgent?: string;
};

/** What every call accepts besides openapi-fetch's `params` and `body`. */
export type LegworkRequestExtras = {
  /** For a POST: reused on its retries; a fresh UUID when not given. Reuse it to retry a call yourself. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Called with the headers of the 2xx answer (an x402 `PAYMENT-RESPONSE`, say) before it resolves. */
  onHeaders?: (headers: Headers) => void;
};

type Media = 'application/json';
type ClientMethod = 'get' | 'post' | 'patch' | 'delete';
type PathWith<M extends ClientMethod> = ClientPathsWithMethod<Client<paths, Media>, M>;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
// Like openapi-fetch: the init argument may be left out when the operation needs no params and no body.
type InitArgs<Init> =
  RequiredKeys<Init> extends never ? [(Init & LegworkRequestExtras)?] : [Init & LegworkRequestExtras];

/** The parsed 2xx body of an operation (the whole body, e.g. `{ data }`). */
export type SuccessBody<P extends keyof paths, M extends ClientMethod, Init = unknown> = NonNullable<
  FetchResponse<paths[P][M] & Record<string | number, unknown>, Init, Media>['data']
>;

export type LegworkMethod<M extends ClientMethod> = <
  P extends PathWith<M>,
  Init extends MaybeOptionalInit<paths[P], M>,
>(
  path: P,
  ...init: InitArgs<Init>
) => Promise<SuccessBody<P, M, Init>>;

export type LegworkClient = {
  GET: LegworkMethod<'get'>;
  POST: LegworkMethod<'post'>;
  PATCH: LegworkMethod<'patch'>;
  DELETE: LegworkMethod<'delete'>;
  /**
   * The stored bytes of an upload (`GET /uploads/{id}`), from this client's base URL with its credential: a proof
   * photo is served only to the task's parties. Throws LegworkApiError (NOT_FOUND for one you may not see).
   */
  fetchUpload(
    id: string,
    init?: Pick<LegworkRequestExtras, 'signal'>,
  ): Promise<{ contentType: string; bytes: Uint8Array }>;
  /** Use another key from the next call on (e.g. the one `await_claim` delivered); undefined sends none. */
  setApiKey(key: string | undefined): void;
  readonly apiKey: string | undefined;
};

const DEFAULT_USER_AGENT = 'legwork-client/1.0';

export function createLegworkClient(options: LegworkClientOptions): LegworkClient {
  let apiKey = options.apiKey;
  const maxRetries = options.maxRetries ?? 3;
  const baseFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const retrying = resilientFetch(baseFetch, {
    maxRetries,
    x402Signer: options.x402Signer,
    retryRateLimited: options.retryRateLimited,
  });
  const api = createClient<paths>({ baseUrl: options.baseUrl, fetch: retrying });

  // By id from the base URL, never from a URL an answer carried: the credential goes only where it is configured to.
  async function fetchUpload(id: string, init: Pick<LegworkRequestExtras, 'signal'> = {}) {
    const url = new URL(`/uploads/${encodeURIComponent(id)}`, options.baseUrl);
    const headers: Record<string, string> = {
      'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
      ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
    };
    let response: Response;
    try {
      response = await retrying(new Request(url, { headers, signal: init.signal }));
    } catch (error) {
      throw unreachable(error, init.signal, options.baseUrl, maxRetries);
    }
    if (!response.ok) throw errorFromResponse(response, await response.text().catch(() => ''));
    const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
    return { contentType, bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, init: Record<string, unknown> = {}) {
    const { idempotencyKey, headers, onHeaders, ...rest } = init as LegworkRequestExtras & Record<string, unknown>;
    const finalHeaders: Record<string, string> = {
      'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
      accept: 'application/json',
      ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
      ...headers,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    };
    let result: { data?: unknown; error?: unknown; response: Response };
    try {
      result = await (api.request as (...args: unknown[]) => Promise<typeof result>)(method, path, {
        ...rest,
        headers: finalHeaders,
      });
    } catch (error) {
      throw unreachable(error, rest.signal as AbortSignal | undefined, options.baseUrl, maxRetries);
    }
    if (result.response.ok) {
      onHeaders?.(result.response.headers);
      return result.data;
    }
    throw errorFromResponse(result.response, result.error);
  }

  return {
    GET: ((path, ...init) => call('GET', path, init[0])) as LegworkMethod<'get'>,
    POST: ((path, ...init) => call('POST', path, init[0])) as LegworkMethod<'post'>,
    PATCH: ((path, ...init) => call('PATCH', path, init[0])) as LegworkMethod<'patch'>,
    DELETE: ((path, ...init) => call('DELETE', path, init[0])) as LegworkMethod<'delete'>,
    fetchUpload,
    setApiKey(key) {
      apiKey = key;
    },
    get apiKey() {
      return apiKey;
    },
  };
}

/** A call that got no answer: the caller's own abort stays as it is, anything else is NETWORK_ERROR. */
function unreachable(error: unknown, signal: AbortSignal | undefined, baseUrl: string, retries: number): unknown {
  if (error instanceof LegworkApiError || signal?.aborted) return error;
  const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : error;
  return new LegworkApiError({
    status: 0,
    code: 'NETWORK_ERROR',
    message: `No answer from ${baseUrl}: ${String(reason)}`,
    hint: `Check the base URL and the network; the client already retried ${retries} times with backoff.`,
    cause: error,
  });
}
