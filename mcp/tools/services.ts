import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { formatMoney } from '@/lib/format/money';
import type { components } from '../../lib/client/schema';
import { bookServiceBodySchema, searchServicesQuery } from '../../lib/schemas/services';
import { renderTask, taskData, UNTRUSTED_NOTE, untrusted } from '../render';
import { defineTool, idempotencyKeyArg, newIdempotencyKey, success, type ToolContext } from '../tool-kit';
import { payableCall, paymentOptions } from '../x402-meta';

// Services: workers' fixed-price offers, found near a place and booked directly for a slot.

type Service = components['schemas']['Service'];
const query = searchServicesQuery.shape;
const booking = bookServiceBodySchema.shape;

function renderService(service: Service): string {
  const where = service.area
    ? `within ${(service.area.radiusMeters / 1000).toFixed(1)} km of ${service.area.lat}, ${service.area.lng}`
    : 'remote';
  const away = service.distanceMeters === undefined ? '' : `; ${(service.distanceMeters / 1000).toFixed(1)} km away`;
  const written = [service.title, service.description].filter(Boolean).join('\n');
  return (
    `Service ${service.id} (${service.category}): ${formatMoney(service.priceCents)} + 15% fee for ` +
    `${service.durationMinutes} min, ${where}${away}; worker ${service.worker.id}\n${untrusted(written)}`
  );
}

export function registerServiceTools(server: McpServer, context: ToolContext) {
  const { client } = context;

  defineTool(server, context, 'search_services', {
    title: 'Find fixed-price services near a place',
    description:
      'Services workers offer at a fixed price and duration ("1 h of errands in Kreuzberg, $35"), bookable for a ' +
      'slot with book_service. With `lat` and `lng`: those whose area centre is within `radius_meters` (default ' +
      '25 km), nearest first, with distance; remote ones are left out. Without: all of them, newest first. Filter ' +
      'by `category` and `q` (words in the title or description). Paginated with `page_cursor`. Read-only, free. ' +
      UNTRUSTED_NOTE,
    input: z.strictObject({
      lat: query.lat,
      lng: query.lng,
      radius_meters: query.radiusMeters,
      category: query.category,
      q: query.q,
      limit: query.limit,
      page_cursor: query.cursor,
    }),
    annotations: { readOnlyHint: true, idempotentHint: true },
    run: async (args, { signal }) => {
      const geo = args.lat !== undefined || args.lng !== undefined;
      const params = {
        limit: args.limit,
        ...(args.lat === undefined ? {} : { lat: args.lat }),
        ...(args.lng === undefined ? {} : { lng: args.lng }),
        ...(geo ? { radiusMeters: args.radius_meters } : {}),
        ...(args.category ? { category: args.category } : {}),
        ...(args.q ? { q: args.q } : {}),
        ...(args.page_cursor ? { cursor: args.page_cursor } : {}),
      };
      const page = await client.GET('/v1/services', { params: { query: params }, signal });
      const services = page.data as Service[];
      const lines = services.map(renderService);
      if (page.hasMore) lines.push(`More: call again with page_cursor "${page.nextCursor}".`);
      return success(
        { services, nextCursor: page.nextCursor, hasMore: page.hasMore },
        lines.length ? lines.join('\n\n') : 'No service matches.',
      );
    },
  });

  defineTool(server, context, 'book_service', {
    title: 'Book a service for a slot',
    description:
      'Books a service (from search_services) starting at `starts_at`: creates a task already accepted by the ' +
      'service’s worker, its message thread open, ending `durationMinutes` later. COSTS MONEY: the price plus ' +
      `the 15% fee. ${paymentOptions('/v1/services/{id}/book')} Returns {task, idempotencyKey}. Other errors: ` +
      'FORBIDDEN (your own service), LIVEMODE_MISMATCH, CONFLICT (archived). Fails with SLOT_UNAVAILABLE when the worker ' +
      'is not free then (outside their availability or another booking): pick another time. `location` must lie ' +
      'inside the service’s area (default its centre; none for a remote service). If the worker declines, the ' +
      'booking is cancelled and refunded. `expected_price_cents` is the `priceCents` you read from search_services: ' +
      'if the worker changed it since, nothing is charged and the tool fails with PRICE_CHANGED, giving ' +
      '`currentPriceCents`; book again with that (and a new `idempotency_key`) only if it is still acceptable. ' +
      'Use the same `idempotency_key` when retrying so you are never charged twice.',
    input: z.strictObject({
      service_id: z.uuid().describe('The service’s id (`id` from search_services).'),
      starts_at: booking.startsAt,
      location: booking.location,
      instructions: booking.instructions,
      expected_price_cents: booking.expectedPriceCents
        .unwrap()
        .describe(
          'The service’s `priceCents` as you read it (search_services): what you agree to pay, before the fee.',
        ),
      idempotency_key: idempotencyKeyArg,
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    run: async (args, extra) => {
      const idempotencyKey = newIdempotencyKey(args.idempotency_key);
      return payableCall(extra, async (payment) => {
        const { data } = await client.POST('/v1/services/{id}/book', {
          params: { path: { id: args.service_id } },
          body: {
            startsAt: args.starts_at,
            expectedPriceCents: args.expected_price_cents,
            ...(args.location ? { location: args.location } : {}),
            ...(args.instructions ? { instructions: args.instructions } : {}),
          },
          idempotencyKey,
          signal: extra.signal,
          ...payment,
        });
        return success({ task: taskData(data), idempotencyKey }, `Booked: ${renderTask(data)}`);
      });
    },
  });
}
