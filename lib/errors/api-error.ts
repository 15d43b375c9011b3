// The one error table: every error code the API can answer with, its HTTP status, default message and
// hint. Services throw ApiError with a code from here; the OpenAPI document is written from it too.
export const errorTable = {
  VALIDATION_ERROR: {
    status: 400,
    message: 'Invalid request body',
    hint: 'Fix the fields listed in `issues` and send the request again (with the same Idempotency-Key).',
  },
  INVALID_SIGNATURE: {
    status: 400,
    message: 'Invalid signature',
    hint: 'Sign the exact request body with the endpoint secret; the timestamp must be within 300 seconds.',
  },
  PROFILE_INCOMPLETE: {
    status: 400,
    message: 'The worker profile is incomplete',
    hint: 'Fill in the fields named in `details.missing` with PATCH /v1/workers/me, then list again.',
  },
  ID_VERIFICATION_REQUIRED: {
    status: 400,
    message: 'ID verification required',
    hint: 'Verify your identity with POST /v1/workers/me/verify and finish the page it links to, then list again.',
  },
  PAYMENT_ONBOARDING_REQUIRED: {
    status: 400,
    message: 'Payout onboarding required',
    hint: 'Connect a payout account with POST /v1/payments/payout-account until charges and payouts are enabled.',
  },
  // The requester's floor (lib/tasks/proof-verification.ts, REQUIRABLE_CHECKS): nothing of the proof is stored.
  PROOF_CHECK_FAILED: {
    status: 400,
    message: 'The proof did not pass a check the task requires',
    hint: 'See `details.detail` for what the check found, fix the photo and submit again.',
  },
  TOO_MANY_KEYS: {
    status: 400,
    message: 'This account has too many live API keys',
    hint: 'Revoke keys you no longer use (DELETE /v1/operators/me/keys/{keyId}) or delete unused agents, then try again.',
  },
  UNAUTHORIZED: {
    status: 401,
    message: 'Authentication required',
    hint: 'Send `Authorization: Bearer <API key or session token>`. Create a session with POST /v1/auth/sessions.',
  },
  PAYMENT_REQUIRED: {
    status: 402,
    message: 'Payment required',
    hint: 'Add a card on the dashboard (Payments), or pay as described in the response.',
  },
  PAYMENT_FAILED: {
    status: 402,
    message: 'The payment failed',
    hint: 'See `details` for the processor’s reason; use another card and retry.',
  },
  FORBIDDEN: {
    status: 403,
    message: 'You do not have permission to perform this action',
    hint: 'Use a credential of the kind this operation accepts, with the needed scope.',
  },
  EMAIL_NOT_VERIFIED: {
    status: 403,
    message: 'Verify your email address first',
    hint: 'Open the verification link we emailed you, or ask for a new one with POST /v1/users/me/email/resend (or the dashboard’s “Resend link”), then try again.',
  },
  // Test money stays in test mode: on a deployment with a live processor, a test-mode credential never engages a
  // live worker (docs/payments.md, "Test mode and live workers").
  LIVEMODE_MISMATCH: {
    status: 403,
    message: 'A test-mode credential cannot reach a live worker',
    hint: 'Use a `lgw_live_` key (or the dashboard) with real workers; test with the sandbox worker (POST /v1/sandbox/tasks/{id}/simulate).',
  },
  NOT_FOUND: {
    status: 404,
    message: 'Resource not found',
    hint: 'Check the id and the path; objects owned by someone else are reported as not found.',
  },
  // One answer for an unknown, an expired and a used code: a caller without the code learns nothing about it.
  CLAIM_CODE_NOT_FOUND: {
    status: 404,
    message: 'Unknown, expired or used claim code',
    hint:
      'Check the code (8 characters, e.g. ABCD-EFGH). Codes live 15 minutes and register one agent: if you ' +
      'registered with it already, use the key you were given; else ask the operator for a new code (Agents).',
  },
  CLAIM_NOT_FOUND: {
    status: 404,
    message: 'Unknown claim token',
    hint: 'Poll with the `claimToken` from POST /v1/tasks/propose (not the human claim link), or propose again.',
  },
  CLAIM_EXPIRED: {
    status: 404,
    message: 'This claim has expired',
    hint: 'Claims live 7 days. Propose the task again with POST /v1/tasks/propose.',
  },
  CLAIM_ALREADY_USED: {
    status: 409,
    message: 'This claim link has already been used by another account',
    hint: 'The agent now belongs to whoever claimed it first. Ask the agent to propose again.',
  },
  EMAIL_LINK_NOT_FOUND: {
    status: 404,
    message: 'Unknown link',
    hint: 'Copy the whole link from the newest email, or ask for a new one (email/resend, or password-reset).',
  },
  EMAIL_LINK_EXPIRED: {
    status: 404,
    message: 'This link has expired',
    hint: 'Verification links work for 24 hours, password-reset links for 1 hour. Ask for a new one.',
  },
  EMAIL_LINK_USED: {
    status: 409,
    message: 'This link has already been used',
    hint: 'Each emailed link works once. Ask for a new one if you still need it.',
  },
  EMAIL_ALREADY_VERIFIED: {
    status: 409,
    message: 'This email address is already verified',
    hint: 'Nothing to do: GET /v1/users/me shows `emailVerified: true`.',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    message: 'Method not allowed',
    hint: 'See /v1/openapi.json for the methods this path supports.',
  },
  SMS_OPTED_OUT: {
    status: 409,
    message: 'This number has opted out of text messages',
    hint: 'Nothing is texted to a number that sent STOP until it texts START.',
  },
  PUSH_SUBSCRIPTION_LIMIT: {
    status: 409,
    message: 'At most 20 push subscriptions per person',
    hint: 'Remove a browser you no longer use (DELETE /v1/users/me/push-subscriptions/{id}), then subscribe again.',
  },
  PHONE_CODE_NOT_FOUND: {
    status: 404,
    message: 'No code is waiting for this account',
    hint: 'Send your number with PATCH /v1/users/me {phone}: a new 6-digit code is texted to it.',
  },
  PHONE_CODE_EXPIRED: {
    status: 409,
    message: 'This code has expired',
    hint: 'Codes work for 10 minutes. Ask for a new one: send your number again with PATCH /v1/users/me {phone}.',
  },
  PHONE_CODE_LOCKED: {
    status: 409,
    message: 'Too many wrong codes',
    hint: 'A code stops working after 5 tries. Ask for a new one: send your number again with PATCH /v1/users/me {phone}.',
  },
  INTAKE_NOT_OPEN: {
    status: 409,
    message: 'This conversation is no longer open',
    hint: 'A converted or closed conversation takes no replies; a new text from the number opens a new one.',
  },
  CANCELLATION_FEE_CHANGED: {
    status: 409,
    message: 'Cancelling now would pay the worker more than `maxFeeCents`',
    hint: 'The free window has closed since the fee was shown. Read `details` (or `cancellationPolicy` on GET /v1/tasks/{id}) and cancel again with the new amount, or keep the task.',
  },
  // Offers (docs/tasks.md "Offers").
  CANNOT_OFFER_OWN_TASK: {
    status: 403,
    message: 'You cannot make an offer on your own task',
    hint: 'Offers come from listed workers other than the requester; change the budget of your own task instead.',
  },
  OFFER_EXPIRED: {
    status: 409,
    message: 'This offer has expired',
    hint: 'An offer can be accepted only before its `expiresAt`; ask the worker for a new one, or accept another.',
  },
  OFFER_NOT_PENDING: {
    status: 409,
    message: 'This offer is no longer pending',
    hint: 'It was accepted, declined or withdrawn (see `details.status`); GET /v1/tasks/{id}/offers lists the live ones.',
  },
  OFFER_ABOVE_BUDGET: {
    status: 409,
    message: 'This offer asks more than the task’s budget',
    hint: 'This task was paid by MPP, which cannot be topped up: accept an offer at or below the budget.',
  },
  BELOW_MIN_PRICE: {
    status: 409,
    message: 'This task pays less than your minimum price',
    hint: 'Make an offer at or above your minimum with POST /v1/tasks/{id}/offers, or lower `minPriceCents` with PATCH /v1/workers/me.',
  },
  DISPUTE_NOT_OPEN: {
    status: 409,
    message: 'This dispute is already resolved',
    hint: 'A resolved dispute takes no evidence and no second resolution; GET /v1/disputes/{id} shows `resolution`.',
  },
  CONFLICT: {
    status: 409,
    message: 'The request conflicts with the current state of the resource',
    hint: 'Fetch the resource, then retry with up-to-date input.',
  },
  SLOT_UNAVAILABLE: {
    status: 409,
    message: 'The worker is not free for this slot',
    hint: 'Pick another `startsAt`: inside the worker’s availability (GET /v1/workers/{id}/availability) and clear of their other bookings.',
  },
  PRICE_CHANGED: {
    status: 409,
    message: 'The price of this service changed',
    hint: 'Nothing was charged. Check `details.currentPriceCents` and book again with it as `expectedPriceCents`.',
  },
  LEGAL_VERSION_OUTDATED: {
    status: 409,
    message: 'This is not the current version of the document',
    hint: 'Read the document again (GET /v1/legal/{slug}) and accept its current version, given in details.currentVersion.',
  },
  LEGAL_DOCUMENT_UNKNOWN: {
    status: 409,
    message: 'There is no legal document with this slug',
    hint: 'Accept one of the documents listed by GET /v1/legal (details.slugs).',
  },
  EMAIL_TAKEN: {
    status: 409,
    message: 'An account with this email already exists',
    hint: 'Sign in with POST /v1/auth/sessions instead, or use another email.',
  },
  INVALID_TRANSITION: {
    status: 409,
    message: 'This action is not allowed in the current status',
    hint: 'Fetch the resource with GET, branch on its `status`, and do not repeat a completed transition.',
  },
  TASK_RESERVED: {
    status: 409,
    message: 'This task is offered first to another worker',
    hint: 'A recurring task’s occurrence goes first to the worker who last completed one; it opens to everyone at `details.reservedUntil`. Accept it then.',
  },
  CARD_REQUIRED: {
    status: 409,
    message: 'A recurring task needs a saved card',
    hint: 'Each occurrence is charged to the saved card when it is created (x402 cannot be paid by the platform on your behalf). Save a card on the dashboard (Payments), then try again.',
  },
  SERIES_ENDED: {
    status: 409,
    message: 'This recurring task has ended',
    hint: 'An ended series creates no more tasks and cannot be resumed or edited; create a new one with POST /v1/task-series.',
  },
  OCCURRENCE_ALREADY_CREATED: {
    status: 409,
    message: 'This occurrence’s task was already created',
    hint: 'Skipping only drops occurrences not yet created. Cancel its task (`details.taskId`) with POST /v1/tasks/{id}/cancel, refunded in full while it is still posted.',
  },
  TASK_NOT_COMPLETED: {
    status: 409,
    message: 'Only a completed task can be tipped',
    hint: 'Approve the submission with POST /v1/tasks/{id}/approve first; `details.status` is the task’s status.',
  },
  TIP_WINDOW_CLOSED: {
    status: 409,
    message: 'Tips are taken for 30 days after a task is completed',
    hint: 'This task was completed more than 30 days ago (`details.completedAt`); it can no longer be tipped.',
  },
  TIP_EXCEEDS_BUDGET: {
    status: 409,
    message: 'The task’s tips would exceed its budget',
    hint: 'A task’s tips together are at most its budget; `details.remainingCents` is what may still be tipped.',
  },
  THREAD_NOT_OPEN: {
    status: 409,
    message: 'The message thread is not open yet',
    hint: 'A task’s thread opens when a worker accepts it; check the task’s `status` with GET /v1/tasks/{id}.',
  },
  THREAD_READ_ONLY: {
    status: 409,
    message: 'The message thread is read-only',
    hint: 'The task has ended (completed, cancelled, expired or resolved); its messages can still be read with GET.',
  },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed',
    hint: 'Wait for the first request to finish, then retry to receive its stored response.',
  },
  MISDIRECTED_REQUEST: {
    status: 421,
    message: 'This server does not answer for this host',
    hint: 'Send the request to the site at SITE_URL. An operator who serves it under another name adds that host to ALLOWED_HOSTS.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    message: 'Request body too large',
    hint: 'JSON bodies are limited to 1 MB. Upload files through POST /v1/uploads.',
  },
  REQUEST_HEADERS_TOO_LARGE: {
    status: 431,
    message: 'Request headers too large',
    hint: 'The request line and headers together are limited to 16 KB; send large input in the JSON body.',
  },
  UPLOAD_QUOTA_EXCEEDED: {
    status: 413,
    message: 'Upload quota exceeded',
    hint: 'Your uploads would pass the storage quota (`details.quotaBytes`); reuse files you have already uploaded.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: 'Request body must be JSON',
    hint: 'Send the body as JSON with `Content-Type: application/json`.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was already used with a different request body',
    hint: 'Use a new Idempotency-Key for a different request; keys are kept for 24 hours.',
  },
  RATE_LIMIT_EXCEEDED: {
    status: 429,
    message: 'Too many requests',
    hint: 'Wait for the number of seconds in `Retry-After` (also `details.retryAfter`), then retry.',
  },
  CLIENT_CLOSED_REQUEST: {
    status: 499,
    message: 'Client closed request',
    hint: 'The connection closed before the answer was ready; retry with the same Idempotency-Key.',
  },
  INTERNAL_ERROR: {
    status: 500,
    message: 'Internal server error',
    hint: 'Retry later with exponential backoff; quote the X-Request-Id header if it persists.',
  },
  WEBHOOK_NOT_CONFIGURED: {
    status: 500,
    message: 'Webhook not configured',
    hint: 'Set the signing secret for this provider (STRIPE_WEBHOOK_SECRET) and resend the event.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'Service unavailable',
    hint: 'A required dependency is down; retry later with backoff.',
  },
} as const satisfies Record<string, { status: number; message: string; hint: string }>;

export type ErrorCode = keyof typeof errorTable;

export type ValidationIssue = { path: string[]; message: string };

export type ErrorBody = {
  error: {
    code: ErrorCode;
    message: string;
    hint: string;
    details?: Record<string, unknown>;
    issues?: ValidationIssue[];
  };
};

type ApiErrorOptions = {
  message?: string;
  hint?: string;
  details?: Record<string, unknown>;
  issues?: ValidationIssue[];
  headers?: Record<string, string>;
};

/** The only error a service throws on purpose. Anything else becomes INTERNAL_ERROR. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly hint: string;
  readonly details?: Record<string, unknown>;
  readonly issues?: ValidationIssue[];
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, options: ApiErrorOptions = {}) {
    const entry = errorTable[code];
    super(options.message ?? entry.message);
    this.name = 'ApiError';
    this.code = code;
    this.status = entry.status;
    this.hint = options.hint ?? entry.hint;
    this.details = options.details;
    this.issues = options.issues;
    this.headers = options.headers;
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        hint: this.hint,
        ...(this.details ? { details: this.details } : {}),
        ...(this.issues ? { issues: this.issues } : {}),
      },
    };
  }
}

export function validationError(issues: ValidationIssue[], message?: string): ApiError {
  return new ApiError('VALIDATION_ERROR', { issues, message });
}
