import type { z } from 'zod';
import type { ErrorCode } from '@/lib/errors/api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `session` = human session token, `apiKey` = API key, `any` = either, `none` = public. */
export type AuthRequirement = 'none' | 'session' | 'apiKey' | 'any';

/** See lib/api/rate-limit-policy.ts. `none` is for health checks that must never depend on the database. */
export type RateLimitClass = 'none' | 'default' | 'public' | 'auth';

export type Operation = {
  method: HttpMethod;
  /** OpenAPI-style path, e.g. `/v1/tasks/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: AuthRequirement;
  /**
   * Staff only, saying what only admins may do ("resolve disputes"): the pipeline lets in nothing but an admin's
   * session (`isAdminCaller`, lib/auth/admin.ts) and answers anyone else 403 `Only admins can <admin>` before the
   * handler runs. Declared with `auth: 'session'`; OpenAPI marks it `x-admin: true`.
   */
  admin?: string;
  /**
   * Money leaves someone's hands when this succeeds: `charge` takes it from the caller's card (and posts the task to
   * workers), `payout` releases escrow to a worker. OpenAPI marks it `x-moves-money`; the /docs Try it sends these
   * with a test key by default and asks before spending with a session or a live key.
   */
  movesMoney?: 'charge' | 'payout';
  /** The API-key scope this operation needs; session callers act with their full rights. */
  scope?: string;
  body?: z.ZodType;
  /** Read the body as raw text (1 MB cap) without parsing it, e.g. for provider webhooks that sign the bytes. */
  rawBody?: boolean;
  /**
   * Accept a multipart/form-data body (file uploads) of up to MAX_UPLOAD_BODY_BYTES instead of JSON; the handler
   * gets it parsed as `form`; Idempotency-Key compares the parts' names and content hashes.
   */
  multipart?: boolean;
  /** The text fields a multipart body may carry beside `file`, for the OpenAPI document; the service parses them. */
  formFields?: z.ZodType;
  /** `false` for operations that must answer without the database (health checks). */
  usesDatabase?: boolean;
  query?: z.ZodType;
  params?: z.ZodType;
  /** The `data` schema of a success; responses are passed through it so nothing unlisted leaks. */
  response: z.ZodType;
  successStatus?: 200 | 201 | 202;
  /** Bare responses (no `{data}` envelope), for the few spec rows that show one. */
  envelope?: boolean;
  /** A page of a list: the handler returns `{data, nextCursor}`; the body is `{data, nextCursor, hasMore}`. */
  listEnvelope?: boolean;
  rateLimit?: RateLimitClass;
  /** Accept `Idempotency-Key`; defaults to true for POST. */
  idempotent?: boolean;
  /** Error codes this operation documents beyond the ones every operation can return. */
  errors?: ErrorCode[];
  /** Other documented success statuses, e.g. 503 from the deep health check. */
  otherResponses?: Record<number, { description: string; schema: z.ZodType }>;
};

export function defineOperation<const T extends Operation>(operation: T): T {
  return operation;
}

export type Input<T extends Operation, K extends 'body' | 'query' | 'params'> = T[K] extends z.ZodType
  ? z.output<T[K]>
  : undefined;

/** The data a handler answers with: what `schema` accepts, or a page of it for a `listEnvelope` operation. */
type Shaped<T extends Operation, S extends z.ZodType> = T['listEnvelope'] extends true
  ? { data: z.input<S>; nextCursor: string | null }
  : z.input<S>;

/** What a handler returns for its success status: the input of the operation's `response` schema. */
export type Output<T extends Operation> = Shaped<T, T['response']>;

/** The data of a reply with one of the operation's `otherResponses` statuses (never when it has none). */
export type OtherOutput<T extends Operation> =
  NonNullable<T['otherResponses']> extends Record<number, { schema: infer S extends z.ZodType }> ? Shaped<T, S> : never;

/**
 * An endpoint that is not built with route() because it speaks another protocol (MCP's JSON-RPC), described
 * by hand so the OpenAPI document still lists it. Bodies are zod schemas (converted like an operation's) or,
 * for what JSON Schema cannot type (an SSE stream), a plain JSON Schema object.
 */
export type DocumentedOperation = {
  method: HttpMethod;
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  /** OpenAPI security requirements; `{}` among them makes the credential optional. */
  security: Record<string, string[]>[];
  parameters?: Record<string, unknown>[];
  requestBody: { description: string; content: Record<string, z.ZodType> };
  responses: Record<number, { description: string; content?: Record<string, z.ZodType | Record<string, unknown>> }>;
};

export function defineDocumentedOperation<const T extends DocumentedOperation>(operation: T): T {
  return operation;
}
