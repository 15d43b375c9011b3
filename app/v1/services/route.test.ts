import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as listWorkerServicesRoute } from '@/app/v1/workers/[id]/services/route';
import { getDatabase } from '@/db/client';
import { services } from '@/db/schema';
import { envelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { AREA, serviceBody, workerWithService } from '@/test/services';
import { signUpViaApi } from '@/test/sessions';
import { DELETE as deleteRoute, GET as getRoute, PATCH as patchRoute } from './[id]/route';
import { POST as createRoute, GET as searchRoute } from './route';

const create = (token: string, body: unknown) => call(createRoute, '/v1/services', { token, body, ip: uniqueIp() });
const search = (token: string, query: Record<string, string>) =>
  call(searchRoute, '/v1/services', { token, query, ip: uniqueIp() });
const byId = (handler: typeof getRoute, id: string, token: string, body?: unknown) =>
  call(handler, `/v1/services/${id}`, { token, params: { id }, body, ip: uniqueIp() });

async function storedService(id: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(services).where(eq(services.id, id));
  return row;
}

/** A unique word, so a text search finds only this test's services. */
const word = () => `zq${Math.random().toString(36).slice(2, 10)}`;

describe('POST /v1/services', () => {
  it('a worker offers a service: 201 with the area they chose and their public name only', async () => {
    const { worker, service } = await workerWithService();
    expect(service).toEqual({
      id: expect.any(String),
      worker: { id: worker.profileId, displayName: 'Dana Runner' },
      title: 'One hour of errands in Kreuzberg',
      description: 'Shopping, post office, pharmacy.',
      category: 'errand',
      priceCents: 3_500,
      durationMinutes: 60,
      area: AREA,
      photos: [],
      status: 'active',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await storedService(service.id)).toMatchObject({ workerId: worker.id, areaRadiusMeters: 5_000 });
  });

  it('a remote service has area null', async () => {
    const { service } = await workerWithService({ body: { area: null } });
    expect(service.area).toBeNull();
  });

  it('someone without a worker profile: 403 with a hint to create one, nothing stored', async () => {
    const person = await signUpViaApi('no-profile');
    const res = await create(person.token, serviceBody());
    expect(res.status, res.text).toBe(403);
    expect(res.json).toEqual(
      envelope('FORBIDDEN', {
        message: 'Only workers can offer services',
        hint: 'Create your worker profile with POST /v1/workers (or at /worker/profile) first.',
      }),
    );
  });

  it.each([
    ['priceCents', { priceCents: 499 }],
    ['priceCents', { priceCents: 1_000_001 }],
    ['durationMinutes', { durationMinutes: 14 }],
    ['durationMinutes', { durationMinutes: 1_441 }],
    ['area.radiusMeters', { area: { ...AREA, radiusMeters: 200_001 } }],
    ['area.lat', { area: { ...AREA, lat: 91 } }],
    ['category', { category: 'juggling' }],
    ['photos.0', { photos: ['00000000-0000-4000-8000-000000000000'] }],
  ])('bad %s: 400 VALIDATION_ERROR naming it, nothing stored', async (path, overrides) => {
    const { worker } = await workerWithService();
    const res = await create(worker.token, serviceBody(overrides));
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.code).toBe('VALIDATION_ERROR');
    expect(res.json.error.issues.map((issue: { path: (string | number)[] }) => issue.path.join('.'))).toContain(path);
    const { db } = await getDatabase();
    expect(await db.select().from(services).where(eq(services.workerId, worker.id))).toHaveLength(1);
  });
});

describe('GET /v1/services', () => {
  it('near a point: listed workers’ active services, nearest first, with distanceMeters; no home position', async () => {
    const tag = word();
    const near = await workerWithService({ body: { title: `Near ${tag}` } });
    const far = await workerWithService({ body: { title: `Far ${tag}`, area: { ...AREA, lat: AREA.lat + 0.1 } } });
    await workerWithService({ listed: false, body: { title: `Unlisted ${tag}` } });
    const archived = await workerWithService({ body: { title: `Archived ${tag}` } });
    await byId(deleteRoute, archived.service.id, archived.worker.token);
    await workerWithService({ body: { title: `Remote ${tag}`, area: null } });

    const res = await search(near.worker.token, {
      lat: String(AREA.lat),
      lng: String(AREA.lng),
      q: tag,
      radiusMeters: '50000',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.map((s: { id: string }) => s.id)).toEqual([near.service.id, far.service.id]);
    expect(res.json.data[0].distanceMeters).toBe(0);
    expect(res.json.data[1].distanceMeters).toBeGreaterThan(11_000);
    expect(res.json.data[1].distanceMeters).toBeLessThan(11_200);
    expect(res.text).not.toContain('52.512345');
    expect(res.text).not.toContain('13.387654');
    expect(Object.keys(res.json.data[0].worker)).toEqual(['id', 'displayName']);
  });

  it('near a point without q: the index-only statement, with the category filter', async () => {
    // A spot of the South Pacific of this test's own, so no other test's service is near.
    const spot = { lat: -50 - Math.random() * 5, lng: -140 + Math.random() * 20 };
    const errand = await workerWithService({ body: { area: { ...spot, radiusMeters: 1_000 } } });
    const photos = await workerWithService({
      body: { category: 'photography', area: { lat: spot.lat + 0.05, lng: spot.lng, radiusMeters: 1_000 } },
    });
    const query = { lat: String(spot.lat), lng: String(spot.lng) };
    const all = await search(errand.worker.token, query);
    expect(all.status, all.text).toBe(200);
    expect(all.json.data.map((s: { id: string }) => s.id)).toEqual([errand.service.id, photos.service.id]);
    const only = await search(errand.worker.token, { ...query, category: 'photography' });
    expect(only.json.data.map((s: { id: string }) => s.id)).toEqual([photos.service.id]);
    expect(only.json.data[0].distanceMeters).toBeGreaterThan(5_500);
  });

  it('pages by cursor in distance order', async () => {
    const tag = word();
    const ids: string[] = [];
    for (const offset of [0, 0.01, 0.02]) {
      const { service } = await workerWithService({ body: { title: tag, area: { ...AREA, lat: AREA.lat + offset } } });
      ids.push(service.id);
    }
    const query = { lat: String(AREA.lat), lng: String(AREA.lng), q: tag, limit: '2' };
    const first = await search(ids[0] ? (await signUpViaApi('pager')).token : '', query);
    expect(first.json.data.map((s: { id: string }) => s.id)).toEqual(ids.slice(0, 2));
    expect(first.json.hasMore).toBe(true);
    const second = await search((await signUpViaApi('pager')).token, { ...query, cursor: first.json.nextCursor });
    expect(second.json.data.map((s: { id: string }) => s.id)).toEqual(ids.slice(2));
    expect(second.json.nextCursor).toBeNull();
  });

  it('without a point: newest first, remote ones included, filtered by category and text', async () => {
    const tag = word();
    const located = await workerWithService({ body: { title: `Errands ${tag}` } });
    const remote = await workerWithService({ body: { title: `Remote ${tag}`, area: null } });
    await workerWithService({ body: { title: `Photos ${tag}`, category: 'photography' } });
    const res = await search(located.worker.token, { q: tag, category: 'errand' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.map((s: { id: string }) => s.id)).toEqual([remote.service.id, located.service.id]);
    expect(res.json.data[0]).not.toHaveProperty('distanceMeters');
  });

  it('treats % and _ in q as themselves', async () => {
    const tag = word();
    const { worker } = await workerWithService({ body: { title: `Plain ${tag}` } });
    const res = await search(worker.token, { q: `${tag}%` });
    expect(res.json.data).toEqual([]);
  });

  it.each([
    ['q', { q: '' }],
    ['q', { q: 'x'.repeat(101) }],
    ['lat', { lat: '91', lng: '0' }],
    ['lng', { lat: '0', lng: '181' }],
    ['lng', { lat: '10' }],
    ['radiusMeters', { lat: '0', lng: '0', radiusMeters: '200001' }],
    ['cursor', { lat: '0', lng: '0', cursor: 'nonsense' }],
  ])('bad %s: 400 VALIDATION_ERROR', async (path, query) => {
    const person = await signUpViaApi('searcher');
    const res = await search(person.token, query);
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.issues.map((issue: { path: (string | number)[] }) => issue.path.join('.'))).toContain(path);
  });
});

describe('GET/PATCH/DELETE /v1/services/{id}', () => {
  it('the owner updates and archives; anyone else gets 404 and changes nothing', async () => {
    const { worker, service } = await workerWithService();
    const other = await workerWithService();

    const foreign = await byId(patchRoute, service.id, other.worker.token, { priceCents: 900 });
    expect(foreign.status, foreign.text).toBe(404);
    expect(foreign.json).toEqual(
      envelope('NOT_FOUND', { message: 'No such service', hint: 'Find services with GET /v1/services.' }),
    );
    expect((await byId(deleteRoute, service.id, other.worker.token)).status).toBe(404);
    expect(await storedService(service.id)).toMatchObject({ priceCents: 3_500, status: 'active' });

    const patched = await byId(patchRoute, service.id, worker.token, { priceCents: 4_000, area: null });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.data).toMatchObject({ priceCents: 4_000, area: null });
    const bad = await byId(patchRoute, service.id, worker.token, { durationMinutes: 5 });
    expect(bad.status).toBe(400);

    const archived = await byId(deleteRoute, service.id, worker.token);
    expect(archived.status, archived.text).toBe(200);
    expect(archived.json.data.status).toBe('archived');
    expect((await byId(getRoute, service.id, other.worker.token)).status).toBe(404);
    expect((await byId(getRoute, service.id, worker.token)).json.data.status).toBe('archived');
  });

  it('an unlisted worker’s service is hidden from others, shown to its owner', async () => {
    const { worker, service } = await workerWithService({ listed: false });
    const person = await signUpViaApi('viewer');
    expect((await byId(getRoute, service.id, person.token)).status).toBe(404);
    expect((await byId(getRoute, service.id, worker.token)).status).toBe(200);
    const list = (token: string, query: Record<string, string> = {}) =>
      call(listWorkerServicesRoute, `/v1/workers/${worker.profileId}/services`, {
        token,
        params: { id: worker.profileId },
        query,
        ip: uniqueIp(),
      });
    expect((await list(person.token)).status).toBe(404);
    expect((await list(worker.token)).json.data.map((s: { id: string }) => s.id)).toEqual([service.id]);
  });

  it('GET /v1/workers/{id}/services: active ones; the owner’s status=all adds archived', async () => {
    const { worker, service } = await workerWithService();
    const second = await call(createRoute, '/v1/services', {
      token: worker.token,
      body: serviceBody({ title: 'Old' }),
      ip: uniqueIp(),
    });
    await byId(deleteRoute, second.json.data.id, worker.token);
    const person = await signUpViaApi('viewer');
    const list = (token: string, query: Record<string, string> = {}) =>
      call(listWorkerServicesRoute, `/v1/workers/${worker.profileId}/services`, {
        token,
        params: { id: worker.profileId },
        query,
        ip: uniqueIp(),
      });
    expect((await list(person.token, { status: 'all' })).json.data.map((s: { id: string }) => s.id)).toEqual([
      service.id,
    ]);
    expect((await list(worker.token, { status: 'all' })).json.data).toHaveLength(2);
  });
});
