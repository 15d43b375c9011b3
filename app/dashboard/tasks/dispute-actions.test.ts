import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { getDatabase } from '@/db/client';
import { disputeEvidence, disputes } from '@/db/schema';
import { signInByCookie } from '@/test/browser-session';
import { envForFile, NEXT_AUTH_TEST_ENV } from '@/test/env';
import { uniqueIp } from '@/test/http';
import { runAppRoute } from '@/test/next-route';
import { fundedPartiesForFile, taskInStatus, taskRow } from '@/test/tasks';
import { addDisputeEvidenceAction, openDisputeAction } from './dispute-actions';

// The Dispute card's forms on either side's task page, posted the way a browser posts a server action: inside
// Next's request scope with the session cookie.

// revalidatePath needs the render's static generation store, which a route handler run here does not open: the
// paths the actions refresh are recorded instead.
const revalidated = vi.hoisted(() => [] as string[]);
vi.mock('next/cache', () => ({ revalidatePath: (path: string) => revalidated.push(path) }));

envForFile(NEXT_AUTH_TEST_ENV);
const parties = fundedPartiesForFile();

async function post(userId: string, act: () => Promise<unknown>) {
  const request = new Request('http://localhost:3000/dashboard/tasks/x', {
    method: 'POST',
    headers: { cookie: await signInByCookie(userId), 'x-legwork-peer-address': uniqueIp() },
  });
  const answer = async () => Response.json(await act());
  const res = await runAppRoute({ POST: answer }, '/dashboard/tasks/[id]', request);
  expect(res.status, res.text).toBe(200);
  return res.json;
}

function formOf(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe('dispute actions on the task pages', () => {
  it('opens a dispute with its details, then takes either side’s evidence', async () => {
    const task = await taskInStatus(parties, 'accepted');
    const blank = await post(parties.worker.id, () => openDisputeAction(task.id, {}, formOf({ reason: '' })));
    expect(blank).toMatchObject({ fieldErrors: { reason: expect.any(String) } });
    expect((await taskRow(task.id)).status).toBe('accepted');

    const opened = formOf({ reason: 'They changed the address', details: 'The shop had moved two streets away.' });
    expect(await post(parties.worker.id, () => openDisputeAction(task.id, {}, opened))).toEqual({ saved: true });
    const { db } = await getDatabase();
    const [dispute] = await db.select().from(disputes).where(eq(disputes.taskId, task.id));
    expect(dispute).toMatchObject({
      openedBy: 'worker',
      reason: 'They changed the address',
      details: 'The shop had moved two streets away.',
      status: 'open',
    });
    expect((await taskRow(task.id)).status).toBe('disputed');
    expect(revalidated).toEqual([`/dashboard/tasks/${task.id}`, `/worker/tasks/${task.id}`]);
    const disputeId = dispute?.id ?? '';

    const said = formOf({ text: 'The address in the task is right.' });
    expect(await post(parties.requester.id, () => addDisputeEvidenceAction(task.id, disputeId, {}, said))).toEqual({
      saved: true,
    });
    const empty = formOf({ text: ' ' });
    expect(await post(parties.requester.id, () => addDisputeEvidenceAction(task.id, disputeId, {}, empty))).toEqual({
      error: 'Check Evidence.',
      fieldErrors: { text: 'Must not be empty' },
    });
    const foreign = formOf({ text: 'Photo', uploadIds: '00000000-0000-4000-8000-000000000000' });
    expect(await post(parties.worker.id, () => addDisputeEvidenceAction(task.id, disputeId, {}, foreign))).toEqual({
      error: 'Check Photos.',
      fieldErrors: { photos: 'A photo could not be attached: upload it again.' },
    });
    const evidence = await db.select().from(disputeEvidence).where(eq(disputeEvidence.disputeId, disputeId));
    expect(evidence.map((row) => [row.by, row.text])).toEqual([['requester', 'The address in the task is right.']]);
  });
});
