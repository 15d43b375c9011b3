'use server';

import { redirect } from 'next/navigation';
import { getDatabase } from '@/db/client';
import { requireBrowserUser } from '@/lib/api/require-browser-user';
import { env } from '@/lib/env';
import { getProcessor } from '@/lib/payments/get-processor';
import { startPayoutOnboarding } from '@/lib/services/payments/start-payout-onboarding';
import { startWalletSetup } from '@/lib/services/payments/start-wallet-setup';

/** "Add card" / "Replace card": off to the processor's card page, back to this dashboard afterwards. */
export async function addCard(): Promise<void> {
  const current = await requireBrowserUser();
  const { db } = await getDatabase();
  const { setupUrl } = await startWalletSetup(db, {
    processor: getProcessor(db),
    user: current.user,
    returnUrl: `${env().SITE_URL}/dashboard/payments`,
  });
  redirect(setupUrl);
}

/** "Set up payouts": off to the processor's onboarding, back to this dashboard afterwards. */
export async function onboardPayouts(): Promise<void> {
  const current = await requireBrowserUser();
  const { db } = await getDatabase();
  const back = `${env().SITE_URL}/dashboard/payments`;
  const { onboardingUrl } = await startPayoutOnboarding(db, {
    processor: getProcessor(db),
    user: current.user,
    returnUrl: back,
    refreshUrl: back,
  });
  redirect(onboardingUrl);
}
