import type { Db } from '@/db/client';
import { processorEvents } from '@/db/schema';
import { eventHandlers, type ProcessorObject } from './event-handlers';
import type { ProcessorEvent } from './processor-event';

export type HandledEvent = { received: true; duplicate: boolean; handled: boolean };

/**
 * Applies a verified processor event exactly once: the event id is recorded in the same transaction as
 * the state change, so a redelivery (or ten concurrent ones) finds the id taken and changes nothing.
 * Unknown types are acknowledged and recorded.
 */
export async function handleProcessorEvent(db: Db, event: ProcessorEvent): Promise<HandledEvent> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(processorEvents)
      .values({ eventId: event.id, type: event.type, livemode: event.livemode })
      .onConflictDoNothing({ target: processorEvents.eventId })
      .returning({ eventId: processorEvents.eventId });
    if (!fresh) return { received: true, duplicate: true, handled: false };
    const handler = eventHandlers[event.type];
    if (handler) await handler(tx, event, event.data.object as ProcessorObject);
    return { received: true, duplicate: false, handled: Boolean(handler) };
  });
}
