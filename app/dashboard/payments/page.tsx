import type { Metadata } from 'next';
import { getDatabase } from '@/db/client';
import { requireBrowserUser } from '@/lib/api/require-browser-user';
import { getProcessor } from '@/lib/payments/get-processor';
import { listPaymentHistory } from '@/lib/services/payments/list-payment-history';
import { getPayoutAccountStatus } from '@/lib/services/payments/payout-account';
import { getWallet } from '@/lib/services/payments/wallet';
import { addCard, onboardPayouts } from './actions';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Payments' };

export default async function PaymentsPage() {
  const current = await requireBrowserUser();
  const { db } = await getDatabase();
  const processor = getProcessor(db);
  const wallet = await getWallet(db, processor, current.user.id);
  const card = wallet.paymentMethod;
  const payouts = await getPayoutAccountStatus(db, processor, current.user.id);
  const history = await listPaymentHistory(db, { userId: current.user.id, livemode: processor.livemode, limit: 50 });
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Payments</h1>
        <p className="text-sm text-stone-600">
          Processor: {processor.name === 'test-mode' ? 'built-in test mode (no real money)' : 'Stripe'}
        </p>
      </div>
      <section className="rounded-lg border border-stone-200 bg-white p-5">
        <h2 className="font-medium">Card on file</h2>
        {card ? (
          <p className="mt-2 text-sm" data-testid="card-on-file">
            <span className="capitalize">{card.brand}</span> •••• {card.last4}, expires{' '}
            {String(card.expMonth).padStart(2, '0')}/{card.expYear}
          </p>
        ) : (
          <p className="mt-2 text-sm text-stone-600" data-testid="card-on-file">
            No card yet. Tasks you post are paid from this card.
          </p>
        )}
        <form action={addCard} className="mt-4">
          <button type="submit" className="rounded-md bg-stone-900 px-3 py-1.5 text-sm text-white hover:bg-stone-700">
            {card ? 'Replace card' : 'Add card'}
          </button>
        </form>
      </section>
      <section className="rounded-lg border border-stone-200 bg-white p-5">
        <h2 className="font-medium">Payout account</h2>
        <dl className="mt-2 grid grid-cols-3 gap-2 text-sm" data-testid="payout-status">
          <div>
            <dt className="text-stone-500">Details submitted</dt>
            <dd>{payouts.detailsSubmitted ? 'yes' : 'no'}</dd>
          </div>
          <div>
            <dt className="text-stone-500">Charges</dt>
            <dd>{payouts.chargesEnabled ? 'enabled' : 'disabled'}</dd>
          </div>
          <div>
            <dt className="text-stone-500">Payouts</dt>
            <dd>{payouts.payoutsEnabled ? 'enabled' : 'disabled'}</dd>
          </div>
        </dl>
        {payouts.requirements.length > 0 && (
          <p className="mt-2 text-sm text-stone-600">Outstanding: {payouts.requirements.join(', ')}</p>
        )}
        {!(payouts.chargesEnabled && payouts.payoutsEnabled) && (
          <form action={onboardPayouts} className="mt-4">
            <button type="submit" className="rounded-md bg-stone-900 px-3 py-1.5 text-sm text-white hover:bg-stone-700">
              Set up payouts
            </button>
          </form>
        )}
      </section>
      <section className="rounded-lg border border-stone-200 bg-white p-5">
        <h2 className="font-medium">Payment history</h2>
        {history.data.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">No payments yet.</p>
        ) : (
          <table className="mt-3 w-full text-left text-sm" data-testid="payment-history">
            <thead className="text-stone-500">
              <tr>
                <th className="py-1 font-normal">Date</th>
                <th className="py-1 font-normal">Kind</th>
                <th className="py-1 font-normal">Description</th>
                <th className="py-1 text-right font-normal">Amount</th>
              </tr>
            </thead>
            <tbody>
              {history.data.map((item) => (
                <tr key={item.id} className="border-t border-stone-100">
                  <td className="py-1">{item.createdAt.slice(0, 10)}</td>
                  <td className="py-1">{item.kind.replace('_', ' ')}</td>
                  <td className="py-1">{item.description}</td>
                  <td className="py-1 text-right font-mono">${(item.amountCents / 100).toFixed(2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
