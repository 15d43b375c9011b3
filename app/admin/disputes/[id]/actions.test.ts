import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { getDatabase } from '@/db/client';
import { disputeEvidence, disputes } from '@/db/schema';
import { disputeShares } from '@/lib/tasks/dispute-shares';
import { signInByCookie } from '@/test/browser-session';
import { envForFile, NEXT_AUTH_TEST_ENV } from '@/test/env';
import { uniqueIp } from '@/test/http';
import { intakeAdminForFile } from '@/test/intake';
import { runAppRoute } from '@/test/next-route';
import { callAction, fundedPartiesForFile, taskInStatus, taskRow } from '@/test/tasks';
import { addAdminEvidenceAction, resolveAction } from './actions';

// The dispute forms' server actions, posted the way a browser posts them: inside Next's request scope with the
// session cookie (the actions read the user and the client address from it).

// revalidatePath needs the render's static generation store, which a route handler run here does not open: the
// paths the actions refresh are recorded instead.
const revalidated = vi.hoisted(() => [] as string[]);
vi.mock('next/cache', () => ({ revalidatePath: (path: string) => revalidated.push(path) }));

envForFile(NEXT_AUTH_TEST_ENV);
const parties = fundedPartiesForFile();
const admin = intakeAdminForFile();

/** Runs `act` as the holder of `cookie`; answers the action's state as JSON (a redirect or a 404 as Next does). */
async function post(cookie: string, act: () => Promise<unknown>) {
  const request = new Request('http://localhost:3000/admin/disputes/x', {
    method: 'POST',
    headers: { cookie, 'x-legwork-peer-address': uniqueIp() },
  });
  const answer = async () => Response.json(await act());
  return runAppRoute({ POST: answer }, '/admin/disputes/[id]', request, { id: 'x' });
}

function formOf(fields: Record<string, string | string[]>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const each of [value].flat()) form.append(name, each);
  return form;
}

/** A task the worker disputed (POST /v1/tasks/{id}/dispute); its dispute row. */
async function openedDispute() {
  const task = await taskInStatus(parties, 'accepted');
  const res = await callAction('dispute', task.id, parties.worker.token, { reason: 'They changed the address' });
  expect(res.status, res.text).toBe(200);
  const { db } = await getDatabase();
  const [dispute] = await db.select().from(disputes).where(eq(disputes.taskId, task.id));
  if (!dispute) throw new Error('no dispute opened');
  return { task, dispute };
}

async function evidenceOf(disputeId: string) {
  const { db } = await getDatabase();
  return db.select().from(disputeEvidence).where(eq(disputeEvidence.disputeId, disputeId));
}

describe('dispute page actions', () => {
  it('refuses a resolution the form got wrong, and moves nothing', async () => {
    const { task, dispute } = await openedDispute();
    const cookie = await signInByCookie(admin.userId);
    const resolve = (fields: Record<string, string>) =>
      post(cookie, () => resolveAction(dispute.id, {}, formOf(fields)));

    expect((await resolve({ outcome: 'split', workerDollars: '12.5.0', note: 'Half done' })).json).toEqual({
      error: 'Check Worker gets (USD).',
      fieldErrors: { workerDollars: 'Enter an amount in dollars, such as 12.50.' },
    });
    expect((await resolve({ outcome: 'split', workerDollars: '20', note: 'All of it' })).json).toEqual({
      error: 'Check Worker gets (USD).',
      fieldErrors: { workerDollars: 'Enter an amount in dollars above $0.00 and below the task’s budget.' },
    });
    expect((await resolve({ outcome: 'refund', note: '' })).json).toEqual({
      error: 'Check Note.',
      fieldErrors: { note: 'Must not be empty' },
    });
    expect((await resolve({ note: 'No outcome' })).json).toMatchObject({
      fieldErrors: { outcome: expect.any(String) },
    });
    expect((await taskRow(task.id)).status).toBe('disputed');
  });

  it('resolves a split as the preview said, then says the dispute is no longer open', async () => {
    const { task, dispute } = await openedDispute();
    const cookie = await signInByCookie(admin.userId);
    const note = await post(cookie, () =>
      addAdminEvidenceAction(dispute.id, {}, formOf({ text: 'Called both sides.' })),
    );
    expect(note.json).toEqual({ saved: true });
    expect((await evidenceOf(dispute.id)).map((row) => row.by)).toEqual(['admin']);

    const fields = { outcome: 'split', workerDollars: '$12.00', note: 'Half the photos were usable.' };
    const res = await post(cookie, () => resolveAction(dispute.id, {}, formOf(fields)));
    expect(res.status).toBe(307); // a route handler's redirect; a browser's action call gets the same Location
    expect(res.headers.get('location')).toBe(`/admin/disputes/${dispute.id}?done=resolved`);

    const { db } = await getDatabase();
    const [resolved] = await db.select().from(disputes).where(eq(disputes.id, dispute.id));
    const preview = disputeShares(task, 'split', 1_200);
    expect(preview).toEqual({ ok: true, workerCents: 1_200, feeCents: 180, refundCents: 920 });
    expect(resolved).toMatchObject({
      status: 'resolved',
      outcome: 'split',
      workerCents: 1_200,
      refundCents: 920,
      note: 'Half the photos were usable.',
      resolvedById: admin.userId,
    });
    expect((await taskRow(task.id)).status).toBe('resolved');
    expect(revalidated).toEqual(expect.arrayContaining([`/admin/disputes/${dispute.id}`, '/admin/disputes']));

    const again = await post(cookie, () => resolveAction(dispute.id, {}, formOf({ ...fields, outcome: 'refund' })));
    expect(again.json).toEqual({ error: 'This dispute is already resolved' });
  });

  it('gives anyone but an admin the 404 page, and resolves nothing', async () => {
    const { task, dispute } = await openedDispute();
    const cookie = await signInByCookie(parties.requester.id);
    const res = await post(cookie, () => resolveAction(dispute.id, {}, formOf({ outcome: 'refund', note: 'Mine' })));
    expect(res.status).toBe(404);
    expect((await taskRow(task.id)).status).toBe('disputed');
  });
});
