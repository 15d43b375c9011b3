import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { UNAUTHORIZED_BODY } from '@/test/expect';
import { insertApiKey, insertUser } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { gridPoint, haversineMeters, insertListedWorker, oceanPoint, offset } from '@/test/worker-search';
import { GET } from './route';

const GEO = { lat: '0', lng: '0' };

describe('GET /v1/workers: who may search', () => {
  it('refuses a caller without credentials, or with an unknown one, with 401', async () => {
    for (const query of [{}, GEO]) {
      const bare = await call(GET, '/v1/workers', { ip: uniqueIp(), query });
      expect(bare.status).toBe(401);
      expect(bare.json).toEqual(UNAUTHORIZED_BODY);
    }
    const unknown = await call(GET, '/v1/workers', { ip: uniqueIp(), token: `lgws_${'a'.repeat(43)}`, query: GEO });
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual(UNAUTHORIZED_BODY);
  });

  it('never shows an unlisted worker, or one without a location, however close', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db, { type: 'agent', email: null });
    const { key } = await insertApiKey(db, { userId: user.id, scopes: ['workers:read'] });
    const centre = oceanPoint();
    const listed = await insertListedWorker(offset(centre, 10));
    const unlisted = await insertListedWorker(centre, { isListed: false, averageRating: '5.00', verificationTier: 1 });
    const query = { lat: String(centre.lat), lng: String(centre.lng), radiusMeters: '200000', limit: '100' };
    const res = await call(GET, '/v1/workers', { ip: uniqueIp(), token: key, query });
    expect(res.status).toBe(200);
    expect(res.json.data.map((item: { id: string }) => item.id)).toContain(listed.id);
    expect(res.text).not.toContain(unlisted.id);
    expect(res.text).not.toContain(unlisted.userId);
  });

  it('never reveals a worker’s home: distances to 100 m from the public position, from any centre', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db, { type: 'agent', email: null });
    const { key } = await insertApiKey(db, { userId: user.id, scopes: ['workers:read'] });
    const shown = gridPoint();
    // 0.004° north and east of the grid point it rounds to: 450 to 550 m from it at these latitudes.
    const worker = await insertListedWorker({ lat: shown.lat + 0.004, lng: shown.lng + 0.004 });
    const home = { lat: worker.lat ?? 0, lng: worker.lng ?? 0 };
    const searchFrom = (centre: { lat: number; lng: number }, radiusMeters: string, token = key) =>
      call(GET, '/v1/workers', {
        ip: uniqueIp(),
        token,
        query: { lat: String(centre.lat), lng: String(centre.lng), radiusMeters, limit: '100' },
      });
    const moves: [number, number][] = [
      [0, 0],
      [37, -13],
      [-250, 120],
      [400, 400],
      [-820, -35],
      [1_234, 567],
    ];
    for (const [north, east] of moves) {
      const centre = offset(home, north, east);
      const res = await searchFrom(centre, '5000');
      expect(res.status).toBe(200);
      const item = res.json.data.find((row: { id: string }) => row.id === worker.id);
      expect(item.location).toMatchObject(shown);
      expect(item.distanceMeters % 100).toBe(0);
      expect(Math.abs(item.distanceMeters - haversineMeters(centre, shown))).toBeLessThanOrEqual(51);
      expect(res.text).not.toContain(String(home.lat));
      expect(res.text).not.toContain(String(home.lng));
    }
    // The radius cuts on the public position too: standing on the home, 300 m do not reach it.
    const atHome = await searchFrom(home, '300');
    expect(atHome.json.data.map((row: { id: string }) => row.id)).not.toContain(worker.id);
    // The owner sees their own location exactly, and the distance others see.
    const own = await insertApiKey(db, { userId: worker.userId, scopes: ['workers:read'] });
    const mine = (await searchFrom(home, '5000', own.key)).json.data.find(
      (row: { id: string }) => row.id === worker.id,
    );
    expect(mine.location).toMatchObject(home);
    expect(mine.distanceMeters % 100).toBe(0);
    expect(mine.distanceMeters).toBeGreaterThanOrEqual(400);
  });

  it('reads candidates through the partial GiST index worker_profiles_geo_idx', async () => {
    const database = await getDatabase();
    const { searchWorkersSql } = await import('@/lib/services/workers/search-workers-sql');
    const params = [48.8566, 2.3522, 10_000, ['delivery'], null, null, 20];
    // A literal EXPLAIN of the same text with the parameters inlined (EXPLAIN cannot take bind parameters on
    // every driver); sequential and bitmap scans and sorts off, so the tiny test table cannot tempt the planner
    // into reading every listed worker and sorting them instead of the ordered index scan.
    const inlined = searchWorkersSql(1, { minRating: false, atInstant: false }).replace(/\$(\d)/g, (_, n: string) =>
      literal(params[Number(n) - 1]),
    );
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute('set local enable_seqscan = off');
      await tx.execute('set local enable_bitmapscan = off');
      await tx.execute('set local enable_sort = off');
      const result = await tx.execute(`explain ${inlined}`);
      return JSON.stringify(result);
    });
    expect(plan).toContain('worker_profiles_geo_idx');
  });
});

function literal(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `array[${value.map((item) => `'${item}'`).join(',')}]::text[]`;
  return String(value);
}
