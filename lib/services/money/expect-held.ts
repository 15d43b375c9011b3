import type { Tx } from '@/db/client';
import { ApiError } from '@/lib/errors/api-error';
import { lockedBalance } from '@/lib/payments/ledger/post-ledger-transaction';

export async function expectHeld(tx: Tx, account: string, cents: number): Promise<void> {
  const held = await lockedBalance(tx, account);
  if (held < cents) {
    throw new ApiError('CONFLICT', {
      message: 'The task’s escrow does not hold this amount',
      hint: 'The task was refunded or never funded; fetch it and branch on its status.',
      details: { heldCents: held },
    });
  }
}
