import { eq } from 'drizzle-orm';
import { POST as bookRoute } from '@/app/v1/services/[id]/book/route';
import { POST as createServiceRoute } from '@/app/v1/services/route';
import { getDatabase } from '@/db/client';
import { tasks } from '@/db/schema';
import { call, uniqueIp } from './http';
import { signUpViaApi } from './sessions';
import { insertWorkerProfile } from './workers';

// Services fixtures: a worker offering a service, and a booking of it.

/** Kreuzberg, where the fixture worker's service is centred (their home is elsewhere: see workerWithService). */
export const AREA = { lat: 52.4995, lng: 13.4187, radiusMeters: 5_000 };

export function serviceBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'One hour of errands in Kreuzberg',
    description: 'Shopping, post office, pharmacy.',
    category: 'errand',
    priceCents: 3_500,
    durationMinutes: 60,
    area: AREA,
    ...overrides,
  };
}

/**
 * A worker (session) with a profile — listed unless said otherwise — whose home is a precise point off the
 * service's area centre, and one service created through the API.
 */
export async function workerWithService(options: { listed?: boolean; body?: Record<string, unknown> } = {}) {
  const worker = await signUpViaApi('service-worker');
  const profile = await insertWorkerProfile(worker.userId, {
    isListed: options.listed ?? true,
    lat: 52.512345,
    lng: 13.387654,
  });
  const res = await call(createServiceRoute, '/v1/services', {
    token: worker.token,
    body: serviceBody(options.body),
    ip: uniqueIp(),
  });
  if (res.status !== 201) throw new Error(`service not created: ${res.text}`);
  return { worker: { id: worker.userId, token: worker.token, profileId: profile.id }, service: res.json.data };
}

/** An instant `hours` from now, on a whole minute. */
export const hoursFromNow = (hours: number) =>
  new Date(Math.floor((Date.now() + hours * 3_600_000) / 60_000) * 60_000).toISOString();

export function book(
  serviceId: string,
  token: string,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
) {
  return call(bookRoute, `/v1/services/${serviceId}/book`, {
    token,
    body,
    params: { id: serviceId },
    ip: uniqueIp(),
    headers,
  });
}

const HOUR = 3_600_000;

/** Moves a booking's one-hour slot to start at `startsAt`, as if that time had come (proof opens at the start). */
export async function moveSlot(taskId: string, startsAt: Date) {
  const { db } = await getDatabase();
  await db
    .update(tasks)
    .set({ startsAt, deadline: new Date(startsAt.getTime() + HOUR) })
    .where(eq(tasks.id, taskId));
}
