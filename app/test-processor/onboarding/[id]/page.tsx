import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { getDatabase } from '@/db/client';
import { completeTestOnboarding } from '@/lib/payments/test-mode/complete-test-flows';
import { getTestObject } from '@/lib/payments/test-mode/objects';
import type { TestAccountLink } from '@/lib/payments/test-mode/test-mode-processor';
import { TestModePage } from '../../test-mode-page';

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
    <TestModePage
      title="Set up payouts"
      description="In live mode this is Stripe's onboarding (identity, bank account, terms). Here one click submits the details and enables charges and payouts on the test account."
    >
      <form action={complete}>
        <Button type="submit" wide>
          Complete onboarding
        </Button>
      </form>
    </TestModePage>
  );
}
