import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { disputedTask, evidenceRows, postEvidence } from '@/test/disputes';
import { fundedPartiesForFile } from '@/test/tasks';

const parties = fundedPartiesForFile();

// PostgreSQL only (*.pg.test.ts): the other transaction is a second connection. It plays a resolution, which locks
// the task and then the dispute (docs/conventions.md "Locks are taken in one order").
describe('evidence and a resolution at the same moment', () => {
  it('evidence waits for the task before it takes the dispute: the resolution’s locks never meet it in reverse', async () => {
    const { task, dispute } = await disputedTask(parties);
    const resolution = new pg.Client({ connectionString: inject('databaseUrl') });
    await resolution.connect();
    try {
      await resolution.query('begin');
      await resolution.query('select id from tasks where id = $1 for update', [task.id]);
      const evidence = postEvidence(dispute.id, parties.worker.token, { text: 'Posted while an admin resolves.' });
      await new Promise((resolve) => setTimeout(resolve, 400));

      // Had evidence locked the dispute first (and then waited for the task, to notify), this would be a deadlock.
      const locked = await resolution.query('select id from disputes where id = $1 for update nowait', [dispute.id]);
      expect(locked.rows).toEqual([{ id: dispute.id }]);
      await resolution.query('commit');

      const res = await evidence;
      expect(res.status, res.text).toBe(201);
      expect((await evidenceRows(dispute.id)).map((row) => row.text)).toEqual(['Posted while an admin resolves.']);
    } finally {
      await resolution.query('rollback').catch(() => {});
      await resolution.end();
    }
  });
});
