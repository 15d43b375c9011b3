'use server';

import { redirect } from 'next/navigation';
import { getDatabase } from '@/db/client';
import { safeNextPath } from '@/lib/auth/safe-next-path';
import { env } from '@/lib/env';
import { getProcessor } from '@/lib/payments/get-processor';
import { startPayoutOnboarding } from '@/lib/services/money/start-payout-onboarding';
import { startWalletSetup } from '@/lib/services/money/start-wallet-setup';
import { requireBrowserUser } from '@/lib/web/require-browser-user';

/**
 * "Add card" / "Replace card": off to the processor's card page, back to this dashboard afterwards, or to the
 * page that sent the person here (`next`, a path on this site: the task form that needed a card).
 */
export async function addCard(form: FormData): Promise<void> {
  const current = await requireBrowserUser();
  const { db } = await getDatabase();
  const next = form.get('next');
  const back = typeof next === 'string' && next ? safeNextPath(next, env().SITE_URL) : '/dashboard/payments';
  const { setupUrl } = await startWalletSetup(db, {
    processor: getProcessor(db),
    user: current.user,
    returnUrl: `${env().SITE_URL}${back}`,
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
