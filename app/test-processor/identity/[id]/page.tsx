import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getDatabase } from '@/db/client';
import { finishTestIdentity } from '@/lib/payments/test-mode/complete-test-flows';
import { getTestObject } from '@/lib/payments/test-mode/objects';
import type { TestIdentitySession } from '@/lib/payments/test-mode/test-mode-processor';

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
    <div className="mx-auto max-w-sm space-y-6">
      <p className="inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">Test mode</p>
      <h1 className="text-2xl font-semibold">Verify your identity</h1>
      <p className="text-sm text-stone-600">In live mode this is Stripe Identity (a document and a selfie).</p>
      <form action={finish} className="flex gap-3">
        <button
          type="submit"
          name="outcome"
          value="verified"
          className="flex-1 rounded-md bg-stone-900 px-4 py-2 text-white hover:bg-stone-700"
        >
          Verify
        </button>
        <button
          type="submit"
          name="outcome"
          value="failed"
          className="flex-1 rounded-md border border-stone-300 px-4 py-2 hover:bg-stone-100"
        >
          Fail verification
        </button>
      </form>
    </div>
  );
}
