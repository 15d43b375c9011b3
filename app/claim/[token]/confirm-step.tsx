'use client';

import { ActionForm } from '@/components/ui/action-form';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatMoney } from '@/lib/format/money';
import { confirmClaim } from './actions';

/** Step 3: pay with the saved card and claim, at the total shown (a price changed meanwhile is refused). */
export function ConfirmStep({ token, totalCents }: { token: string; totalCents: number }) {
  return (
    <ActionForm action={confirmClaim.bind(null, token, totalCents)}>
      <SubmitButton wide pendingLabel="Paying…">{`Pay ${formatMoney(totalCents)} and post the task`}</SubmitButton>
    </ActionForm>
  );
}
