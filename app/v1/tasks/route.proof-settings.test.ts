import { describe, expect, it } from 'vitest';
import { proposeTaskViaApi } from '@/test/cold-start';
import { call } from '@/test/http';
import { fundedPartiesForFile, lifecycleBody, taskRow } from '@/test/tasks';
import { GET as getTask, PATCH as updateTask } from './[id]/route';
import { POST as createTask } from './route';

// The task's proof settings (issue 37): the radius, the requester's floor, and auto-approval.
const parties = fundedPartiesForFile();

const create = (overrides: Record<string, unknown>) =>
  call(createTask, '/v1/tasks', { token: parties.requester.token, body: lifecycleBody({ draft: true, ...overrides }) });

const update = (id: string, body: Record<string, unknown>) =>
  call(updateTask, `/v1/tasks/${id}`, { params: { id }, token: parties.requester.token, body });

describe('proof settings on a task', () => {
  it('default to a 500 m radius, no floor, and no auto-approval', async () => {
    const res = await create({});
    expect(res.status, res.text).toBe(201);
    expect(res.json.data).toMatchObject({
      proofRadiusMeters: 500,
      requiredChecks: [],
      autoApprove: 'never',
      autoApproveAfterMinutes: 60,
    });
  });

  it('are stored as sent, shown on GET, and changed by PATCH', async () => {
    const res = await create({
      proofRadiusMeters: 1_000,
      requiredChecks: ['location', 'in_app_capture', 'location'],
      autoApprove: 'when_passed',
      autoApproveAfterMinutes: 0,
    });
    expect(res.status, res.text).toBe(201);
    const { id } = res.json.data;
    const read = await call(getTask, `/v1/tasks/${id}`, { params: { id }, token: parties.requester.token });
    expect(read.json.data).toMatchObject({
      proofRadiusMeters: 1_000,
      requiredChecks: ['location', 'in_app_capture'],
      autoApprove: 'when_passed',
      autoApproveAfterMinutes: 0,
    });
    const patched = await update(id, { proofRadiusMeters: 5_000, requiredChecks: [], autoApproveAfterMinutes: 4_320 });
    expect(patched.status, patched.text).toBe(200);
    expect(await taskRow(id)).toMatchObject({
      proofRadiusMeters: 5_000,
      requiredChecks: [],
      autoApprove: 'when_passed',
      autoApproveAfterMinutes: 4_320,
    });
  });

  it.each([
    [{ proofRadiusMeters: 49 }, ['proofRadiusMeters'], 'Must be at least 50 m'],
    [{ proofRadiusMeters: 5_001 }, ['proofRadiusMeters'], 'Must be at most 5000 m'],
    [{ proofRadiusMeters: 100.5 }, ['proofRadiusMeters'], 'Must be a whole number of metres'],
    [{ autoApproveAfterMinutes: -1 }, ['autoApproveAfterMinutes'], 'Must be at least 0'],
    [{ autoApproveAfterMinutes: 4_321 }, ['autoApproveAfterMinutes'], 'Must be at most 4320 minutes'],
  ])('out of range %j: 400 VALIDATION_ERROR naming the field', async (overrides, path, message) => {
    const res = await create(overrides);
    expect(res.status, res.text).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ path, message }] });
  });

  it('an unknown check, or one that cannot be a floor, is 400 on requiredChecks', async () => {
    for (const requiredChecks of [['duplicate'], ['nonsense']]) {
      const res = await create({ requiredChecks });
      expect(res.status, res.text).toBe(400);
      expect(res.json.error.issues).toEqual([expect.objectContaining({ path: ['requiredChecks', '0'] })]);
    }
    const mode = await create({ autoApprove: 'always' });
    expect(mode.json.error.issues).toEqual([expect.objectContaining({ path: ['autoApprove'] })]);
  });

  it('a location floor on a remote or city-centre task could never pass: 400 on requiredChecks', async () => {
    const remote = await create({ location: null, requiredChecks: ['location'] });
    expect(remote.status, remote.text).toBe(400);
    expect(remote.json.error.issues).toEqual([
      { path: ['requiredChecks'], message: 'A remote task has no place to check: `location` could never pass' },
    ]);
    const city = { lat: 52.52, lng: 13.41, address: 'Berlin', precision: 'city' };
    const proposed = await proposeTaskViaApi({
      task: { title: 'Check the mailbox', location: city, requiredChecks: ['location'] },
    });
    expect(proposed.status, proposed.text).toBe(400);
    expect(proposed.json.error.issues).toEqual([
      {
        path: ['task', 'requiredChecks'],
        message: 'The task’s place is only a city’s centre, so `location` could never pass: give an address or point',
      },
    ]);
  });

  it('PATCH judges the floor against the place the task will have', async () => {
    const located = await create({ requiredChecks: ['location'] });
    expect(located.status, located.text).toBe(201);
    const { id } = located.json.data;
    const toCity = await update(id, { location: { lat: 52.52, lng: 13.41, precision: 'city' } });
    expect(toCity.status, toCity.text).toBe(400);
    expect(toCity.json.error).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ path: ['requiredChecks'] }] });

    const remote = await create({ location: null });
    const floor = await update(remote.json.data.id, { requiredChecks: ['location'] });
    expect(floor.status, floor.text).toBe(400);
    expect(floor.json.error.issues).toEqual([expect.objectContaining({ path: ['requiredChecks'] })]);
    const both = await update(remote.json.data.id, {
      requiredChecks: ['location'],
      location: { lat: 52.5, lng: 13.42, precision: 'address' },
    });
    expect(both.status, both.text).toBe(200);
  });
});
