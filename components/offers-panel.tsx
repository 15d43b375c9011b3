import type { ConfirmState } from '@/components/ui/confirm-action';
import { formatMoney } from '@/lib/format/money';
import type { Offer } from '@/lib/schemas/offers';
import { priceTask } from '@/lib/tasks/task-rules';
import { LocalTime } from './local-time';
import { Card } from './ui/card';
import { ConfirmAction } from './ui/confirm-action';
import { EmptyState } from './ui/empty-state';
import { Row, Table } from './ui/table';

type AcceptOffer = (offerId: string) => (state: ConfirmState, form: FormData) => Promise<ConfirmState>;

/**
 * The workers' offers on the requester's posted task (GET /v1/tasks/{id}/offers), best first, each live one with
 * Accept behind a confirmation that says the new total and what is refunded or charged (docs/tasks.md "Offers").
 */
export function OffersPanel({
  offers,
  task,
  accept,
}: {
  offers: Offer[];
  task: { budgetCents: number; totalCents: number; fundingSource: string | null };
  accept: AcceptOffer;
}) {
  return (
    <Card
      title="Offers"
      description="Workers who would do it for another price. Ranked by rating, distance and price."
      testId="offers"
    >
      {offers.length === 0 ? (
        <EmptyState>No offers yet.</EmptyState>
      ) : (
        <Table columns={['Worker', { label: 'Price', align: 'right' }, 'When', 'Message', 'Expires', '']}>
          {offers.map((offer) => (
            <Row key={offer.id} testId="offer-row" top>
              <td>
                <div className="font-medium">{offer.workerName ?? 'A worker'}</div>
                <div className="text-xs text-stone-500">
                  {offer.workerRating ? `${offer.workerRating}★ (${offer.workerReviewCount})` : 'No reviews yet'}
                  {offer.distanceMeters !== null && ` · ${(offer.distanceMeters / 1000).toFixed(1)} km away`}
                </div>
              </td>
              <td className="text-right tabular-nums">{formatMoney(offer.priceCents)}</td>
              <td>{offer.proposedTime ? <LocalTime value={offer.proposedTime} exact /> : '—'}</td>
              <td className="max-w-xs whitespace-pre-wrap break-words">{offer.message ?? '—'}</td>
              <td>{offer.status === 'pending' ? <LocalTime value={offer.expiresAt} /> : offer.status}</td>
              <td className="text-right">
                {offer.status === 'pending' && <AcceptButton offer={offer} task={task} accept={accept} />}
              </td>
            </Row>
          ))}
        </Table>
      )}
    </Card>
  );
}

function AcceptButton({
  offer,
  task,
  accept,
}: {
  offer: Offer;
  task: { budgetCents: number; totalCents: number; fundingSource: string | null };
  accept: AcceptOffer;
}) {
  const total = priceTask(offer.priceCents).totalCents;
  const back = task.totalCents - total;
  // An x402 task's difference is paid by its agent through the API: a person has no wallet here.
  if (back < 0 && task.fundingSource !== 'card') {
    return <span className="text-xs text-stone-500">Above the budget: your agent accepts it through the API</span>;
  }
  const where = task.fundingSource === 'x402' ? 'owed back to the wallet that paid' : 'refunded to your card';
  const difference =
    back > 0
      ? `: ${formatMoney(back)} is ${where}.`
      : back < 0
        ? `: ${formatMoney(-back)} more is charged to the card that paid for the task.`
        : ': nothing more is charged.';
  return (
    <ConfirmAction
      action={accept(offer.id)}
      label="Accept"
      compact
      confirmVariant="primary"
      confirmLabel={`Yes, accept at ${formatMoney(offer.priceCents)}`}
      testId="accept-offer"
    >
      {`The task goes to ${offer.workerName ?? 'this worker'} at ${formatMoney(offer.priceCents)}. New total ` +
        `${formatMoney(total)} (was ${formatMoney(task.totalCents)})${difference}`}
    </ConfirmAction>
  );
}
