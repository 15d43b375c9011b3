import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { insertUser } from '@/test/factories';
import { insertWorkerProfile } from '@/test/workers';
import { findWorkerLocation } from './find-worker-location';

describe('findWorkerLocation', () => {
  it('is the profile’s place, or null without a profile or without a place on it', async () => {
    const { db } = await getDatabase();
    const placed = await insertUser(db);
    await insertWorkerProfile(placed.id, { lat: 45.764, lng: 4.8357 });
    const unplaced = await insertUser(db);
    await insertWorkerProfile(unplaced.id, { lat: null, lng: null });
    const noProfile = await insertUser(db);
    expect(await findWorkerLocation(db, placed.id)).toEqual({ lat: 45.764, lng: 4.8357 });
    expect(await findWorkerLocation(db, unplaced.id)).toBeNull();
    expect(await findWorkerLocation(db, noProfile.id)).toBeNull();
  });
});
