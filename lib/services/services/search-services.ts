import { and, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { containsPattern } from '@/db/contains-pattern';
import { beforeCursor, cursorAt, decodeCursor, pageOf } from '@/db/cursor';
import { services, workerProfiles } from '@/db/schema';
import { decodeGeoCursor, encodeGeoCursor, type SearchServicesQuery } from '@/lib/schemas/services';
import { candidatesFor, searchBox, searchServicesGeoName, searchServicesGeoSql } from './search-services-sql';
import { toService } from './to-service';

const columns = { service: services, worker: { id: workerProfiles.id, displayName: workerProfiles.displayName } };

// Only the area a worker chose shows, never their profile's position.
export async function searchServices(database: Database, query: SearchServicesQuery) {
  if (query.lat === undefined || query.lng === undefined) return listServices(database.db, query);
  const after = query.cursor ? decodeGeoCursor(query.cursor) : undefined;
  const withText = query.q !== undefined;
  const hits = await database.query<{ id: string; distance: number }>(
    searchServicesGeoName(withText),
    searchServicesGeoSql(withText),
    [
      query.lat,
      query.lng,
      query.radiusMeters,
      ...searchBox(query.lat, query.lng, query.radiusMeters),
      query.category ?? null,
      query.q ? containsPattern(query.q) : null,
      after?.d ?? null,
      after?.i ?? null,
      query.limit + 1,
      candidatesFor(query.limit),
    ],
  );
  const shown = hits.slice(0, query.limit);
  const rows =
    shown.length === 0
      ? []
      : await database.db
          .select(columns)
          .from(services)
          .innerJoin(workerProfiles, eq(workerProfiles.userId, services.workerId))
          .where(
            inArray(
              services.id,
              shown.map((hit) => hit.id),
            ),
          );
  const byId = new Map(rows.map((row) => [row.service.id, row]));
  const data = shown.flatMap((hit) => {
    const row = byId.get(hit.id);
    return row ? [toService(row, Number(hit.distance))] : [];
  });
  const last = shown.at(-1);
  const nextCursor =
    hits.length > query.limit && last ? encodeGeoCursor({ d: Number(last.distance), i: last.id }) : null;
  return { data, nextCursor };
}

async function listServices(db: Executor, query: SearchServicesQuery) {
  const pattern = query.q ? containsPattern(query.q) : undefined;
  const rows = await db
    .select({ ...columns, cursorAt: cursorAt(services.createdAt) })
    .from(services)
    .innerJoin(workerProfiles, eq(workerProfiles.userId, services.workerId))
    .where(
      and(
        eq(services.status, 'active'),
        eq(workerProfiles.isListed, true),
        query.category ? eq(services.category, query.category) : undefined,
        pattern ? or(ilike(services.title, pattern), ilike(services.description, pattern)) : undefined,
        beforeCursor(services.createdAt, services.id, query.cursor ? decodeCursor(query.cursor) : undefined),
      ),
    )
    .orderBy(desc(services.createdAt), desc(services.id))
    .limit(query.limit + 1);
  const { shown, nextCursor } = pageOf(rows, query.limit, (last) => ({ cursorAt: last.cursorAt, id: last.service.id }));
  return { data: shown.map((row) => toService(row)), nextCursor };
}
