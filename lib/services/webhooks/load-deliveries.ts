import { type and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { cursorAt } from '@/db/cursor';
import { events, webhookAttempts, webhookDeliveries } from '@/db/schema';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** An attempt is logged before its request goes out; its duration is written with the outcome. */
function attemptOutcome(attempt: { statusCode: number | null; durationMs: number | null }) {
  if (attempt.durationMs === null) return 'unknown' as const;
  const code = attempt.statusCode;
  return code !== null && code >= 200 && code < 300 ? ('succeeded' as const) : ('failed' as const);
}

export async function loadDeliveries(db: Executor, where: ReturnType<typeof and>, limit: number) {
  const rows = await db
    .select({
      delivery: webhookDeliveries,
      eventType: events.type,
      cursorAt: cursorAt(webhookDeliveries.createdAt),
    })
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
  const ids = rows.map((row) => row.delivery.id);
  const attempts =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(inArray(webhookAttempts.deliveryId, ids))
          .orderBy(asc(webhookAttempts.deliveryId), asc(webhookAttempts.attemptNumber));
  const byDelivery = new Map<string, typeof attempts>();
  for (const attempt of attempts) {
    const list = byDelivery.get(attempt.deliveryId);
    if (list) list.push(attempt);
    else byDelivery.set(attempt.deliveryId, [attempt]);
  }
  return rows.map(({ delivery, eventType, cursorAt }) => ({
    cursorAt,
    item: {
      id: delivery.id,
      eventId: delivery.eventId,
      eventType,
      status: delivery.status,
      attempts: delivery.attempts,
      lastStatusCode: delivery.lastStatusCode,
      lastAttemptAt: iso(delivery.lastAttemptAt),
      nextAttemptAt: delivery.status === 'pending' ? iso(delivery.nextAttemptAt) : null,
      createdAt: delivery.createdAt.toISOString(),
      attemptLog: (byDelivery.get(delivery.id) ?? []).map((attempt) => ({
        attemptNumber: attempt.attemptNumber,
        outcome: attemptOutcome(attempt),
        statusCode: attempt.statusCode,
        durationMs: attempt.durationMs,
        error: attempt.error,
        responseSnippet: attempt.responseSnippet,
        createdAt: attempt.createdAt.toISOString(),
      })),
    },
  }));
}

export type WebhookDeliveryView = Awaited<ReturnType<typeof loadDeliveries>>[number]['item'];
