'use client';

import Link from 'next/link';
import { useActionState, useState } from 'react';
import { TextAreaField } from '@/components/ui/field';
import { FormStateProvider, textValuesOf } from '@/components/ui/form-state';
import { Notice } from '@/components/ui/notice';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatMoney } from '@/lib/format/money';
import { priceTask } from '@/lib/tasks/task-rules';
import { type BookState, bookServiceFromPage } from './actions';
import { SlotPicker } from './slot-picker';

/**
 * The booking form: a free slot picked in the viewer's time and optional instructions, booked at the price shown (sent as
 * `expectedPriceCents`). When the worker changed the price meanwhile nothing is charged, the form says so with
 * the new price, and its button books at that one. By hand rather than ActionForm: the button follows the state.
 */
export function BookForm({ serviceId, priceCents, slots }: { serviceId: string; priceCents: number; slots: string[] }) {
  const [values, setValues] = useState<Record<string, string>>();
  // React resets the form after its action; radios mounted anew take the kept slot as their default, so it stays.
  const [round, setRound] = useState(0);
  const [state, formAction] = useActionState<BookState, FormData>(async (previous, form) => {
    setRound((count) => count + 1);
    const next = await bookServiceFromPage(serviceId, previous, form);
    setValues(next.error ? textValuesOf(form) : undefined);
    return next;
  }, {});
  const [when, setWhen] = useState('');
  const changed = state.currentPriceCents;
  const price = changed ?? priceCents;
  const { totalCents, platformFeeCents } = priceTask(price);
  return (
    <form action={formAction} className="space-y-3" data-testid="book-form">
      <FormStateProvider value={{ fieldErrors: state.fieldErrors, values }}>
        <p className="text-sm text-stone-700" data-testid="book-price">
          {formatMoney(price)} + {formatMoney(platformFeeCents)} fee: {formatMoney(totalCents)} charged to your card,
          held until you approve the work.
        </p>
        <SlotPicker slots={slots} value={when} onChange={setWhen} round={round} error={state.fieldErrors?.startsAt} />
        <input type="hidden" name="expectedPriceCents" value={price} />
        <TextAreaField label="Instructions (optional)" name="instructions" rows={3} maxLength={2_000} />
        {changed !== undefined ? (
          <Notice tone="error" testId="price-changed">
            The price changed: it is now {formatMoney(changed)} ({formatMoney(totalCents)} with the fee). Nothing was
            charged.
          </Notice>
        ) : (
          <Notice tone="error">{state.error}</Notice>
        )}
        {state.needsCard && (
          <p className="text-sm">
            <Link href="/dashboard/payments" className="underline">
              Add a card
            </Link>
            , then book again.
          </p>
        )}
        <SubmitButton pendingLabel="Booking…">
          {changed !== undefined ? `Book at ${formatMoney(changed)}` : 'Book'}
        </SubmitButton>
      </FormStateProvider>
    </form>
  );
}
