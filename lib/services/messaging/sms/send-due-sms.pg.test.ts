import { randomInt } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, getDatabase, openDatabase } from '@/db/client';
import { smsOutbox } from '@/db/schema';
import type { Messenger } from '@/lib/sms/messenger';
import { queueSms } from './queue-sms';
import { sendDueSms } from './send-due-sms';

// Three connection pools stand for three instances sending from one sms_outbox.
let instances: Database[] = [];
beforeAll(async () => {
  instances = await Promise.all(
    [1, 2, 3].map(() => openDatabase({ driver: 'pg', url: inject('databaseUrl'), maxConnections: 5 })),
  );
});
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
});

describe('SMS dispatchers on several instances', () => {
  it('split the due texts and send each exactly once', async () => {
    const { db } = await getDatabase();
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const queued = await queueSms(db, { to: `+1555${String(randomInt(10_000_000)).padStart(7, '0')}`, body: `${i}` });
      ids.push(queued?.id ?? '');
    }
    const handed: string[] = [];
    const provider: Messenger = {
      name: 'telnyx',
      async send({ outboxId }) {
        handed.push(outboxId);
        await new Promise((resolve) => setTimeout(resolve, randomInt(5)));
        return { providerId: `msg_${outboxId}` };
      },
    };

    // Two dispatchers per instance, claiming one or two rows at a time: as much contention as can be had.
    const runs = await Promise.all(
      instances.flatMap((instance) =>
        [1, 2].map((batchSize) => sendDueSms(instance.db, { messenger: provider, batchSize, outboxIds: ids })),
      ),
    );

    expect(runs.reduce((total, run) => total + run.sent, 0)).toBe(60);
    expect(handed.sort()).toEqual([...ids].sort());
    const rows = await db.select().from(smsOutbox).where(inArray(smsOutbox.id, ids));
    expect(rows.every((row) => row.status === 'sent' && row.providerId === `msg_${row.id}`)).toBe(true);
  });
});
