import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getDatabase } from '@/db/client';
import { completeTestOnboarding } from '@/lib/payments/test-mode/complete-test-flows';
import { getTestObject } from '@/lib/payments/test-mode/objects';
import type { TestAccountLink } from '@/lib/payments/test-mode/test-mode-processor';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Payout onboarding (test mode)' };

// Stands in for Stripe Connect Express onboarding: one click enables charges and payouts.
export default async function TestOnboardingPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { db } = await getDatabase();
  if (!(await getTestObject<TestAccountLink>(db, id, 'account_link'))) notFound();

  async function complete() {
    'use server';
    const { db: database } = await getDatabase();
    const next = await completeTestOnboarding(database, id);
    redirect(next ?? '/dashboard/payments');
  }

  return (
    <div className="mx-auto max-w-sm space-y-6">
      <p className="inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">Test mode</p>
      <h1 className="text-2xl font-semibold">Set up payouts</h1>
      <p className="text-sm text-stone-600">
        In live mode this is Stripe&apos;s onboarding (identity, bank account, terms). Here one click submits the
        details and enables charges and payouts on the test account.
      </p>
      <form action={complete}>
        <button type="submit" className="w-full rounded-md bg-stone-900 px-4 py-2 text-white hover:bg-stone-700">
          Complete onboarding
        </button>
      </form>
    </div>
  );
}
