'use client';

import { AcceptLegalField } from '@/components/accept-legal-field';
import { ActionForm } from '@/components/ui/action-form';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatMoney } from '@/lib/format/money';
import { confirmClaim } from './actions';

/**
 * Step 3: accept the Terms, then pay with the saved card and claim, at the total shown (a price changed meanwhile
 * is refused). The box is required here and again on the server, which charges nothing without it.
 */
export function ConfirmStep({ token, totalCents }: { token: string; totalCents: number }) {
  return (
    <ActionForm action={confirmClaim.bind(null, token, totalCents)} testId="claim-pay-form">
      <AcceptLegalField
        name="acceptTerms"
        documents={[
          { slug: 'terms', label: 'Terms' },
          { slug: 'privacy', label: 'Privacy Policy' },
        ]}
      />
      <SubmitButton wide pendingLabel="Paying…">{`Pay ${formatMoney(totalCents)} and post the task`}</SubmitButton>
    </ActionForm>
  );
}
