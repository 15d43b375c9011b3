import { describe, expect, it } from 'vitest';
import { completeClaim } from '@/lib/services/claims/complete-claim';
import { expireTask } from '@/lib/services/tasks/expire-task';
import { proposeTask } from '@/test/cold-start';
import { addCard, escrowBalance, paymentsSetup, taskLedger, withoutStripe } from '@/test/payments';
import { signUpViaApi } from '@/test/sessions';
import { callAction, taskEvents, taskRow } from '@/test/tasks';

withoutStripe();

/** A cold-start task (POST /v1/tasks/propose) claimed by a human with a card: posted, charged to that card. */
async function claimedTask() {
  const { db, processor } = await paymentsSetup();
  const proposal = await proposeTask({ title: 'Check the mailbox', budgetCents: 2_000 });
  const human = await signUpViaApi('claimer');
  await addCard({ id: human.userId, email: null }, '4242 4242 4242 4242');
  await completeClaim(db, { processor, acceptTerms: true, humanToken: proposal.humanToken, userId: human.userId });
  const task = await taskRow(proposal.task.id);
  expect(task.status).toBe('posted');
  expect(await escrowBalance(task.id)).toBe(task.totalCents);
  return { task, human };
}

describe('cancelling a task funded on the claim page', () => {
  it('refunds the card the claim charged', async () => {
    const { task, human } = await claimedTask();
    const res = await callAction('cancel', task.id, human.token);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.status).toBe('cancelled');
    expect(await escrowBalance(task.id)).toBe(0);
    expect((await taskLedger(task.id)).map((tx) => tx.kind)).toEqual(['charge', 'refund']);
    expect((await taskEvents(task.id)).at(-1)).toMatchObject({
      type: 'task.cancelled',
      data: { previousStatus: 'posted' },
    });
  });

  it('and so does its expiry', async () => {
    const { db } = await paymentsSetup();
    const { task } = await claimedTask();
    await expireTask(db, task.id);
    expect((await taskRow(task.id)).status).toBe('expired');
    expect(await escrowBalance(task.id)).toBe(0);
  });
});
