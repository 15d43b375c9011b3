import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { getDatabase } from '@/db/client';
import { finishTestIdentity } from '@/lib/payments/test-mode/complete-test-flows';
import { getTestObject } from '@/lib/payments/test-mode/objects';
import type { TestIdentitySession } from '@/lib/payments/test-mode/test-mode-processor';
import { TestModePage } from '../../test-mode-page';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Identity verification (test mode)' };

// Stands in for Stripe Identity: choose the outcome the verification should have.
export default async function TestIdentityPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { db } = await getDatabase();
  if (!(await getTestObject<TestIdentitySession>(db, id, 'identity_session'))) notFound();

  async function finish(form: FormData) {
    'use server';
    const outcome = form.get('outcome') === 'verified' ? 'verified' : 'failed';
    const { db: database } = await getDatabase();
    const next = await finishTestIdentity(database, id, outcome);
    redirect(next ?? '/dashboard');
  }

  return (
    <TestModePage
      title="Verify your identity"
      description="In live mode this is Stripe Identity (a document and a selfie)."
    >
      <form action={finish} className="flex gap-3">
        <Button type="submit" name="outcome" value="verified" large className="flex-1">
          Verify
        </Button>
        <Button type="submit" name="outcome" value="failed" variant="secondary" large className="flex-1">
          Fail verification
        </Button>
      </form>
    </TestModePage>
  );
}
