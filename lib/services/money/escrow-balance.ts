import type { Tx } from '@/db/client';
import type { Task } from '@/db/schema';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { lockedBalance } from '@/lib/payments/ledger/post-ledger-transaction';

/** Read under the ledger's lock on that account, so it cannot move until commit. */
export function lockedEscrowCents(tx: Tx, task: Pick<Task, 'id' | 'livemode'>) {
  return lockedBalance(tx, ledgerAccount.escrow(task.livemode ? 'live' : 'test', task.id));
}
