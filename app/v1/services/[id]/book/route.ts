import { creationKeyOf } from '@/lib/api/creation-key';
import { funderOf } from '@/lib/api/funder-of';
import { fundingReply } from '@/lib/api/funding-reply';
import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { bookServiceOperation } from '@/lib/schemas/services';
import { bookService } from '@/lib/services/bookings/book-service';

// POST /v1/services/{id}/book — book a slot: a task funded like POST /v1/tasks, already accepted by the worker
export const POST = route(bookServiceOperation, async (input) =>
  fundingReply(
    await bookService(input.db, {
      ...funderOf(input),
      serviceId: input.params.id,
      body: input.body,
      creation: creationKeyOf(input.request, input.rawBody),
    }),
    201,
    (task) => ({ serviceId: task.serviceId, startsAt: task.startsAt?.toISOString() }),
  ),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
