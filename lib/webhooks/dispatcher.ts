import type { Database } from '@/db/client';
import { unseal } from '@/lib/auth/secret-box';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { getMailer } from '@/lib/mail/get-mailer';
import { type DeliveryResult, deliver, USER_AGENT } from './deliver';
import { tallyDelivery } from './delivery-tally';
import {
  ABANDON_SQL,
  BEGIN_ATTEMPT_SQL,
  CLAIM_DUE_SQL,
  DISABLE_ENDPOINT_SQL,
  DISABLE_IF_FAILING_SQL,
  type DueDelivery,
  FINISH_ATTEMPT_SQL,
} from './dispatch-sql';
import { MAX_ATTEMPTS, nextRetryDelaySeconds, parseRetryAfter } from './retry-schedule';
import { SECRET_PURPOSE, signatureHeader } from './signing';
import { type Resolver, systemResolver } from './url-guard';

export type DispatchOptions = {
  /** Deliveries claimed and sent in parallel per claim. */
  batchSize?: number;
  allowPrivate?: boolean;
  resolve?: Resolver;
  timeoutMs?: number;
  /** Only send deliveries of these endpoints (tests and the benchmark share a database with other work). */
  endpointIds?: string[];
  /** Once aborted (the dispatcher stopping), no further batch is claimed; the one being sent is settled. */
  signal?: AbortSignal;
};

export type DispatchTotals = { sent: number };

const DEFAULT_BATCH = 100;

/** The JSON body of an event: the same bytes on every attempt, since everything in it is stored. */
export function eventBody(event: { id: string; type: string; createdAt: string; data: unknown }): string {
  return JSON.stringify({ id: event.id, type: event.type, timestamp: event.createdAt, data: event.data });
}

/** Sends every due delivery, a claimed batch at a time, until none is due. */
export async function dispatchOnce(database: Database, options: DispatchOptions = {}): Promise<DispatchTotals> {
  const batch = options.batchSize ?? DEFAULT_BATCH;
  const totals: DispatchTotals = { sent: 0 };
  for (;;) {
    const due = await database.query<DueDelivery>('webhooks_claim_due', CLAIM_DUE_SQL, [
      batch,
      options.endpointIds ?? null,
    ]);
    // One delivery that cannot be sent or recorded must not hold back the rest of the batch (its lease runs out
    // and a later round takes it again).
    await Promise.all(
      due.map((delivery) =>
        sendOne(database, delivery, options).catch((error: unknown) =>
          logger.error('webhook delivery could not be processed', { deliveryId: delivery.id, error }),
        ),
      ),
    );
    totals.sent += due.length;
    if (due.length < batch || options.signal?.aborted) break;
  }
  return totals;
}

async function sendOne(database: Database, delivery: DueDelivery, options: DispatchOptions): Promise<void> {
  if (delivery.inactive) {
    await database.query('webhooks_abandon', ABANDON_SQL, [delivery.id]);
    tallyDelivery('abandoned');
    return;
  }
  const body = eventBody({
    id: delivery.event_id,
    type: delivery.type,
    createdAt: delivery.event_created_at,
    data: delivery.data,
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const secrets = signingSecrets(delivery);
  // The attempt is logged before the request goes out (and the outcome written afterwards, with no transaction
  // open while we wait on the receiver): if that second write fails, the log still shows the request.
  const attempt = await beginAttempt(database, delivery);
  if (!secrets) {
    // Nothing can be signed, so nothing is sent: a failed attempt the owner sees in the delivery log.
    logger.error('webhook signing secret cannot be unsealed', { endpointId: delivery.endpoint_id });
    const error = UNREADABLE_SECRET;
    return finishAttempt(database, delivery, attempt, {
      statusCode: null,
      durationMs: 0,
      error,
      responseSnippet: null,
    });
  }
  const result = await deliver({
    url: delivery.url,
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': delivery.event_id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(secrets, delivery.event_id, timestamp, body),
    },
    rules: { allowPrivate: options.allowPrivate ?? env().WEBHOOKS_ALLOW_PRIVATE_URLS },
    resolve: options.resolve ?? systemResolver,
    timeoutMs: options.timeoutMs,
  });
  await finishAttempt(database, delivery, attempt, result);
}

const UNREADABLE_SECRET =
  "The endpoint's signing secret could not be read (was the server's AUTH_SECRET changed?); rotate the secret";

/** The endpoint's secret and, during a rotation's overlap, the previous one; undefined when one cannot be unsealed. */
function signingSecrets(delivery: DueDelivery): string[] | undefined {
  try {
    const secrets = [unseal(SECRET_PURPOSE, delivery.secret)];
    if (delivery.previous_secret && delivery.previous_active)
      secrets.push(unseal(SECRET_PURPOSE, delivery.previous_secret));
    return secrets;
  } catch {
    return undefined;
  }
}

type BegunAttempt = { id: string; attemptNumber: number };

async function beginAttempt(database: Database, delivery: DueDelivery): Promise<BegunAttempt> {
  const attemptNumber = delivery.attempts + 1;
  const [row] = await database.query<{ id: string }>('webhooks_begin_attempt', BEGIN_ATTEMPT_SQL, [
    delivery.id,
    attemptNumber,
  ]);
  if (!row) throw new Error(`webhook delivery ${delivery.id} vanished before its attempt`);
  return { id: row.id, attemptNumber };
}

async function finishAttempt(
  database: Database,
  delivery: DueDelivery,
  attempt: BegunAttempt,
  result: DeliveryResult,
): Promise<void> {
  const { attemptNumber } = attempt;
  const code = result.statusCode;
  const succeeded = code !== null && code >= 200 && code < 300;
  const gone = code === 410;
  let status: 'pending' | 'succeeded' | 'failed' = succeeded ? 'succeeded' : 'failed';
  let delay: number | null = null;
  if (!succeeded && !gone && attemptNumber < MAX_ATTEMPTS) {
    const retryAfter = code === 429 || code === 503 ? parseRetryAfter(result.retryAfter) : undefined;
    delay = retryAfter ?? nextRetryDelaySeconds(attemptNumber);
    if (delay !== null) status = 'pending';
  }
  await database.query('webhooks_finish_attempt', FINISH_ATTEMPT_SQL, [
    delivery.id,
    attempt.id,
    code,
    result.durationMs,
    result.error ?? describeFailure(code),
    result.responseSnippet,
    status,
    delay,
    attemptNumber,
  ]);
  tallyDelivery(succeeded ? 'success' : status === 'pending' ? 'retry' : 'failure');
  if (gone) {
    await database.query('webhooks_disable_endpoint', DISABLE_ENDPOINT_SQL, [
      delivery.endpoint_id,
      'The receiver answered 410 Gone',
    ]);
    logger.warn('webhook endpoint disabled after 410 Gone', { endpointId: delivery.endpoint_id });
  } else if (status === 'failed') {
    await disableIfFailing(database, delivery.endpoint_id);
  }
}

/** Days without a successful delivery after which an endpoint whose delivery used up its attempts is disabled. */
const FAILING_DAYS = 3;
const FAILING_REASON = `No delivery succeeded for ${FAILING_DAYS} days`;

/** Disables an endpoint that has been failing for FAILING_DAYS and emails its owner (a failed email is logged). */
async function disableIfFailing(database: Database, endpointId: string): Promise<void> {
  const [disabled] = await database.query<{ url: string; email: string | null; disabled_at: string }>(
    'webhooks_disable_if_failing',
    DISABLE_IF_FAILING_SQL,
    [endpointId, FAILING_REASON, FAILING_DAYS],
  );
  if (!disabled) return;
  logger.warn('webhook endpoint disabled: failing for days', { endpointId, days: FAILING_DAYS });
  if (!disabled.email) return;
  const dashboard = new URL('/dashboard/webhooks', env().SITE_URL).toString();
  await getMailer(database.db)
    .send({
      to: disabled.email,
      subject: 'Legwork disabled a webhook endpoint that kept failing',
      text:
        `No delivery to ${disabled.url} has succeeded for ${FAILING_DAYS} days, so Legwork stopped sending to it.\n\n` +
        `Once the receiver answers 2xx again, enable the endpoint on ${dashboard} (or PATCH /v1/webhooks/${endpointId} ` +
        'with {"enabled": true}) and retry the deliveries you missed from its delivery log.',
      idempotencyKey: `webhook-disabled:${endpointId}:${disabled.disabled_at}`,
    })
    .catch((error: unknown) => logger.error('could not email the webhook owner', { endpointId, error }));
}

function describeFailure(code: number | null): string | null {
  if (code === null) return 'No answer';
  if (code >= 200 && code < 300) return null;
  if (code >= 300 && code < 400) return `Redirects are not followed (HTTP ${code}); update the endpoint URL`;
  return `HTTP ${code}`;
}
