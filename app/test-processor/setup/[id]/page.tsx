import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getDatabase } from '@/db/client';
import { getTestObject } from '@/lib/payments/test-mode/objects';
import type { TestSetupIntent } from '@/lib/payments/test-mode/test-mode-processor';
import { TestModePage } from '../../test-mode-page';
import { CardForm } from './card-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Add a card (test mode)' };

// The built-in processor's card page: what Stripe's hosted page is in live mode. Only test cards work.
export default async function TestCardSetupPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { db } = await getDatabase();
  const intent = await getTestObject<TestSetupIntent>(db, id, 'setup_intent');
  if (!intent) notFound();
  return (
    <TestModePage
      title="Add a card"
      description="No real money moves. Use 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined) or 4000 0000 0000 9995 (charges fail: insufficient funds), any future expiry and any CVC."
    >
      <CardForm setupIntentId={id} />
    </TestModePage>
  );
}
