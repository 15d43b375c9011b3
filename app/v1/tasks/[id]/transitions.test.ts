import { describe, expect, it } from 'vitest';
import type { Task } from '@/db/schema';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { escrowBalance, taskLedger } from '@/test/payments';
import {
  type ActionSegment,
  callAction,
  fundedPartiesForFile,
  TASK_STATUS_LIST,
  taskEvents,
  taskInStatus,
  taskRow,
} from '@/test/tasks';

// Every row of the task state machine (DESIGN §4 "Tasks"), through the action routes: each action from each
// of the nine statuses, taken by the party the action belongs to. Written out here rather than read from
// lib/tasks/task-transitions.ts, so the test states the table instead of echoing it.
type Rule = { from: Task['status'][]; to: Task['status']; by: 'requester' | 'worker' };
const TABLE: Record<ActionSegment, Rule> = {
  publish: { from: ['draft'], to: 'posted', by: 'requester' },
  cancel: { from: ['draft', 'posted', 'accepted'], to: 'cancelled', by: 'requester' },
  accept: { from: ['posted'], to: 'accepted', by: 'worker' },
  withdraw: { from: ['accepted'], to: 'posted', by: 'worker' },
  submit: { from: ['accepted'], to: 'submitted', by: 'worker' },
  approve: { from: ['submitted'], to: 'completed', by: 'requester' },
  'request-revision': { from: ['submitted'], to: 'accepted', by: 'requester' },
  dispute: { from: ['accepted', 'submitted'], to: 'disputed', by: 'requester' },
};

/** Statuses in which no worker is assigned: the worker's own actions find no "assigned worker" to allow. */
const UNASSIGNED: Task['status'][] = ['draft', 'posted', 'cancelled', 'expired'];
/** Of those, the ones a listed worker may see (a posted task); the others do not exist for them (404). */
const VISIBLE_TO_LISTED: Task['status'][] = ['posted'];

const parties = fundedPartiesForFile();

const tokenOf = (by: 'requester' | 'worker') => (by === 'requester' ? parties.requester.token : parties.worker.token);

const ENDED: Task['status'][] = ['completed', 'cancelled', 'expired', 'resolved'];

describe.each(Object.entries(TABLE) as [ActionSegment, (typeof TABLE)[ActionSegment]][])('%s', (action, rule) => {
  it.each(TASK_STATUS_LIST.map((status) => [status]))(`from %s`, async (status) => {
    const task = await taskInStatus(parties, status);
    const escrowBefore = await escrowBalance(task.id);
    const eventsBefore = await taskEvents(task.id);
    if (ENDED.includes(status)) expect(escrowBefore).toBe(0);

    const res = await callAction(action, task.id, tokenOf(rule.by));

    if (rule.from.includes(status)) {
      expect(res.status, res.text).toBe(200);
      expect(res.json.data).toMatchObject({ id: task.id, status: rule.to });
      expect((await taskRow(task.id)).status).toBe(rule.to);
      // Exactly one new event, task.<new status>, naming the status left.
      const emitted = await taskEvents(task.id);
      expect(emitted).toHaveLength(eventsBefore.length + 1);
      expect(emitted.at(-1)).toMatchObject({
        type: `task.${rule.to}`,
        taskId: task.id,
        data: { previousStatus: status, task: { id: task.id, status: rule.to } },
      });
      return;
    }

    if (action === 'accept' && status === 'draft') {
      // A draft does not exist for a listed worker: accepting it is a 404 like reading it, never a 409 that
      // would confirm the draft and its status.
      expect(res.status, res.text).toBe(404);
      expect(res.json.error.code).toBe('NOT_FOUND');
    } else if (rule.by === 'worker' && action !== 'accept' && UNASSIGNED.includes(status)) {
      // No worker is assigned: the (listed) worker is not "the assigned worker" — 403 where they can see the
      // task, 404 where they cannot.
      const visible = VISIBLE_TO_LISTED.includes(status);
      expect(res.status, res.text).toBe(visible ? 403 : 404);
      expect(res.json.error.code).toBe(visible ? 'FORBIDDEN' : 'NOT_FOUND');
    } else {
      expect(res.status, res.text).toBe(409);
      const allowedFrom = TASK_STATUS_LIST.filter((s) => rule.from.includes(s));
      expect(res.json.error).toMatchObject({ code: 'INVALID_TRANSITION', details: { status, allowedFrom } });
    }
    // Nothing changed: the row, the money, the events.
    expect(await taskRow(task.id)).toEqual(task);
    expect(await escrowBalance(task.id)).toBe(escrowBefore);
    expect(await taskEvents(task.id)).toHaveLength(eventsBefore.length);
  });
});

describe('money moves with the transitions', () => {
  it('publish charges the requester’s card for the total into the task’s escrow', async () => {
    const draft = await taskInStatus(parties, 'draft');
    expect(await escrowBalance(draft.id)).toBe(0);
    const res = await callAction('publish', draft.id, parties.requester.token);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'posted', fundingSource: 'card', totalCents: 2_300 });
    expect(res.json.data.publishedAt).not.toBeNull();
    expect(await escrowBalance(draft.id)).toBe(2_300);
    expect(await taskLedger(draft.id)).toEqual([
      expect.objectContaining({
        kind: 'charge',
        entries: [
          { account: ledgerAccount.requesterFunding('test', parties.requester.id), amountCents: -2_300 },
          { account: ledgerAccount.escrow('test', draft.id), amountCents: 2_300 },
        ],
      }),
    ]);
  });

  it('cancelling a funded posted task refunds the escrow to the card', async () => {
    const task = await taskInStatus(parties, 'posted');
    expect(await escrowBalance(task.id)).toBe(2_300);
    const res = await callAction('cancel', task.id, parties.requester.token);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.status).toBe('cancelled');
    expect(res.json.data.cancelledAt).not.toBeNull();
    expect(await escrowBalance(task.id)).toBe(0);
    const ledger = await taskLedger(task.id);
    expect(ledger.map((tx) => tx.kind)).toEqual(['charge', 'refund']);
    expect(ledger[1]?.entries).toEqual(
      expect.arrayContaining([{ account: ledgerAccount.escrow('test', task.id), amountCents: -2_300 }]),
    );
  });

  it('cancelling a draft moves no money', async () => {
    const draft = await taskInStatus(parties, 'draft');
    const res = await callAction('cancel', draft.id, parties.requester.token);
    expect(res.status, res.text).toBe(200);
    expect(await taskLedger(draft.id)).toEqual([]);
  });

  it('approve pays the worker the budget and the platform its fee, emptying the escrow', async () => {
    const task = await taskInStatus(parties, 'submitted');
    const res = await callAction('approve', task.id, parties.requester.token);
    expect(res.status, res.text).toBe(200);
    expect(await escrowBalance(task.id)).toBe(0);
    const transfer = (await taskLedger(task.id)).find((tx) => tx.kind === 'transfer');
    expect(transfer?.entries).toEqual(
      expect.arrayContaining([
        { account: ledgerAccount.escrow('test', task.id), amountCents: -2_300 },
        { account: ledgerAccount.workerPayouts('test', parties.worker.id), amountCents: 2_000 },
        { account: ledgerAccount.platformFees('test'), amountCents: 300 },
      ]),
    );
  });

  it('withdraw, request-revision and dispute leave the escrow in place', async () => {
    const accepted = await taskInStatus(parties, 'accepted');
    expect((await callAction('withdraw', accepted.id, parties.worker.token)).status).toBe(200);
    expect(await escrowBalance(accepted.id)).toBe(2_300);

    const submitted = await taskInStatus(parties, 'submitted');
    expect((await callAction('request-revision', submitted.id, parties.requester.token)).status).toBe(200);
    expect(await escrowBalance(submitted.id)).toBe(2_300);
    expect((await callAction('dispute', submitted.id, parties.worker.token)).status).toBe(200);
    expect(await escrowBalance(submitted.id)).toBe(2_300);
  });
});
