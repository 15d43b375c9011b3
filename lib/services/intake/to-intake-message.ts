import type { IntakeMessage } from '@/db/schema';

// Never exposes the outbox row or provider id.
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
