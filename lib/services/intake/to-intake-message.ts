import type { IntakeMessage } from '@/db/schema';

/** The API shape of a message: never its outbox row or provider id. */
export function toIntakeMessage(row: IntakeMessage) {
  return {
    id: row.id,
    direction: row.direction,
    body: row.body,
    status: row.status,
    sentBy: row.sentBy,
    createdAt: row.createdAt.toISOString(),
  };
}
