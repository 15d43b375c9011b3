import { describe, expect, it } from 'vitest';
import { call } from '@/test/http';
import { callAction, fundedPartiesForFile, taskInStatus, taskRow } from '@/test/tasks';
import { GET as getTask, PATCH as updateTask } from '../route';

// A task placed only as a city's centre (the New task form's picked city, or precision `city` from the API):
// an honest worker across town is kilometres from that centre, so no distance is kept or checked.
const BERLIN = { lat: 52.52437, lng: 13.41053, address: 'Berlin' };
// About 3.3 km south-west of Berlin's centre.
const KREUZBERG = { lat: 52.4995, lng: 13.3787 };

const parties = fundedPartiesForFile();

async function readTask(id: string) {
  const res = await call(getTask, `/v1/tasks/${id}`, { params: { id }, token: parties.requester.token });
  expect(res.status, res.text).toBe(200);
  return res.json.data;
}

describe('a task place’s precision', () => {
  it('defaults to point for coordinates sent without one, and GET /v1/tasks/{id} shows it', async () => {
    const task = await taskInStatus(parties, 'draft', { location: { lat: 52.4995, lng: 13.4187 } });
    expect(task.placePrecision).toBe('point');
    expect((await readTask(task.id)).location).toEqual({
      lat: 52.4995,
      lng: 13.4187,
      address: null,
      precision: 'point',
    });
  });

  it('keeps the precision sent, follows an update, and is gone with the place', async () => {
    const task = await taskInStatus(parties, 'draft', { location: { ...BERLIN, precision: 'city' } });
    expect((await readTask(task.id)).location).toMatchObject({ address: 'Berlin', precision: 'city' });
    const patch = async (location: unknown) => {
      const res = await call(updateTask, `/v1/tasks/${task.id}`, {
        params: { id: task.id },
        token: parties.requester.token,
        body: { location },
      });
      expect(res.status, res.text).toBe(200);
      return res.json.data.location;
    };
    expect(await patch({ lat: 52.5, lng: 13.42, address: 'Adalbertstraße 4', precision: 'address' })).toMatchObject({
      precision: 'address',
    });
    expect(await patch({ lat: 52.5, lng: 13.42 })).toMatchObject({ precision: 'point' });
    expect(await patch(null)).toBeNull();
    expect((await taskRow(task.id)).placePrecision).toBeNull();
  });

  it('an unknown precision: 400 VALIDATION_ERROR naming location.precision', async () => {
    const res = await call(updateTask, '/v1/tasks/00000000-0000-4000-8000-000000000000', {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      token: parties.requester.token,
      body: { location: { ...BERLIN, precision: 'street' } },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.code).toBe('VALIDATION_ERROR');
    expect(res.json.error.issues).toEqual([expect.objectContaining({ path: ['location', 'precision'] })]);
  });

  it('gps proof 3 km from a city’s centre is accepted, with no distance', async () => {
    const task = await taskInStatus(parties, 'accepted', {
      location: { ...BERLIN, precision: 'city' },
      proofRequirements: ['gps'],
    });
    const res = await callAction('submit', task.id, parties.worker.token, { note: 'Done.', location: KREUZBERG });
    expect(res.status, res.text).toBe(200);
    expect((await readTask(task.id)).proof).toMatchObject({ location: KREUZBERG, distanceMeters: null });
  });

  it('the same proof 3 km from a point is refused, and within reach of it the distance is kept', async () => {
    const point = { lat: BERLIN.lat, lng: BERLIN.lng, precision: 'point' };
    const far = await taskInStatus(parties, 'accepted', { location: point, proofRequirements: ['gps'] });
    const refused = await callAction('submit', far.id, parties.worker.token, { note: 'Done.', location: KREUZBERG });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json.error.issues[0].message).toMatch(/within 500 m/);

    const near = await taskInStatus(parties, 'accepted', { location: point, proofRequirements: ['gps'] });
    const nearby = { lat: BERLIN.lat + 0.001, lng: BERLIN.lng };
    const res = await callAction('submit', near.id, parties.worker.token, { note: 'Done.', location: nearby });
    expect(res.status, res.text).toBe(200);
    expect((await readTask(near.id)).proof.distanceMeters).toBe(111);
  });
});
