import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Row, Table } from '@/components/ui/table';
import { getDatabase } from '@/db/client';
import { formatMoney } from '@/lib/format/money';
import { mppConfig } from '@/lib/payments/mpp/config';
import {
  listTestSharedPaymentTokens,
  mintTestSharedPaymentToken,
} from '@/lib/payments/test-mode/shared-payment-tokens';
import { TestModePage } from '../test-mode-page';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Shared payment tokens (test mode)' };

// Stands in for the agent's side of Stripe's Shared Payment Tokens: mint a test SPT (what an agent's wallet would
// issue) to send in `Authorization: Payment …`, and see which were used or expired (docs/payments.md, "MPP").
export default async function TestSharedPaymentTokensPage({
  searchParams,
}: {
  searchParams: Promise<{ minted?: string }>;
}) {
  const { minted } = await searchParams;
  const { db } = await getDatabase();
  const tokens = await listTestSharedPaymentTokens(db);

  async function mint(form: FormData) {
    'use server';
    const dollars = Number(form.get('amount'));
    const minutes = Number(form.get('expiresInMinutes'));
    const networkId = String(form.get('networkId') ?? '').trim() || mppConfig().networkId;
    if (!(dollars > 0 && dollars <= 10_000) || !Number.isFinite(minutes))
      redirect('/test-processor/shared-payment-tokens');
    const { db: database } = await getDatabase();
    const id = await mintTestSharedPaymentToken(database, {
      maxAmountCents: Math.round(dollars * 100),
      networkId,
      expiresAt: new Date(Date.now() + minutes * 60_000),
    });
    redirect(`/test-processor/shared-payment-tokens?minted=${id}`);
  }

  return (
    <TestModePage
      title="Shared payment tokens"
      description="In live mode an agent's wallet issues these through Stripe. A token pays once, up to its amount, for its seller, until it expires."
    >
      <form action={mint} className="space-y-3">
        <Field label="Up to (USD)" name="amount" type="number" step="0.01" min="0.01" defaultValue="23.00" required />
        <Field label="Seller (network profile)" name="networkId" defaultValue={mppConfig().networkId} mono />
        <Field
          label="Expires in (minutes; 0 or less mints an expired token)"
          name="expiresInMinutes"
          type="number"
          defaultValue="60"
        />
        <Button type="submit" large className="w-full">
          Mint a test token
        </Button>
      </form>
      {minted ? (
        <p className="rounded bg-emerald-50 p-3 text-sm" data-testid="minted-token">
          Minted <code className="font-mono">{minted}</code>
        </p>
      ) : null}
      <Table columns={['Token', 'Up to', 'Seller', 'State']} testId="shared-payment-tokens">
        {tokens.map((token) => (
          <Row key={token.id} testId={`token-${token.id}`}>
            <td className="py-2 font-mono text-xs break-all">{token.id}</td>
            <td className="py-2">{formatMoney(token.max_amount)}</td>
            <td className="py-2 font-mono text-xs break-all">{token.network_id}</td>
            <td className="py-2">{token.state}</td>
          </Row>
        ))}
      </Table>
    </TestModePage>
  );
}
