import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { getDatabase } from '@/db/client';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { escrowBalance, processorObjects, transferRows } from '@/test/payments';
import { callAction, fundedPartiesForFile, taskInStatus } from '@/test/tasks';

// A payment processor that answers a transfer only when the test lets it: the stand-in for a slow Stripe. The
// approval must not keep the task's row locked (nor its transaction open) while the processor takes its time.
const gate = vi.hoisted(() => {
  let release = () => {};
  let called = () => {};
  const state = {
    slow: false,
    released: Promise.resolve(),
    called: Promise.resolve(),
    arm() {
      state.slow = true;
      state.released = new Promise<void>((resolve) => {
        release = resolve;
      });
      state.called = new Promise<void>((resolve) => {
        called = resolve;
      });
    },
    release: () => release(),
    reached: () => called(),
  };
  return state;
});

vi.mock('@/lib/payments/get-processor', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/payments/get-processor')>();
  const slow = (processor: PaymentProcessor): PaymentProcessor => ({
    ...processor,
    inTransaction: (tx) => slow(processor.inTransaction(tx)),
    async transfer(input) {
      if (gate.slow) {
        gate.reached();
        await gate.released;
      }
      return processor.transfer(input);
    },
  });
  return {
    ...real,
    processorForTask: (...args: Parameters<typeof real.processorForTask>) => slow(real.processorForTask(...args)),
  };
});

const parties = fundedPartiesForFile();

describe('POST /v1/tasks/{id}/approve with a slow processor', () => {
  it('pays the worker after the commit: while the transfer hangs, the task row can be locked at once', async () => {
    const task = await taskInStatus(parties, 'submitted');
    gate.arm();
    const approving = callAction('approve', task.id, parties.requester.token);
    await gate.called;

    // Another request's transaction takes the task's row lock without waiting (NOWAIT fails at once if held).
    const { db } = await getDatabase();
    const lockTaken = db.transaction(async (tx) => {
      await tx.execute(sql`select id from tasks where id = ${task.id} for update nowait`);
      return 'locked';
    });
    const outcome = await Promise.race([
      lockTaken.catch((error: unknown) => `refused: ${error instanceof Error ? error.message : String(error)}`),
      new Promise((resolve) => setTimeout(() => resolve('still waiting after 3 s'), 3_000)),
    ]);
    gate.release();
    const res = await approving;
    await lockTaken.catch(() => {});

    expect(outcome).toBe('locked');
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.status).toBe('completed');
    const [transfer] = await transferRows(task.id);
    expect(transfer).toMatchObject({ processorId: expect.stringMatching(/^tr_test_/), status: 'paid' });
    expect(await processorObjects('transfer', 'transferGroup', `task:${task.id}`)).toHaveLength(1);
    expect(await escrowBalance(task.id)).toBe(0);
  });
});
