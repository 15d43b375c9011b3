'use server';

import { redirect } from 'next/navigation';
import { getDatabase } from '@/db/client';
import { getBrowserUser } from '@/lib/auth/next-auth';
import { env } from '@/lib/env';
import { getProcessor } from '@/lib/payments/get-processor';
import { startWalletSetup } from '@/lib/services/payments/wallet';

/** "Add card" / "Replace card": off to the processor's card page, back to this dashboard afterwards. */
export async function addCard(): Promise<void> {
  const current = await getBrowserUser();
  if (!current) redirect('/login');
  const { db } = await getDatabase();
  const { setupUrl } = await startWalletSetup(
    db,
    getProcessor(db),
    current.user,
    `${env().SITE_URL}/dashboard/payments`,
  );
  redirect(setupUrl);
}
