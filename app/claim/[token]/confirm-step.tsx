'use client';

import { AcceptLegalField } from '@/components/accept-legal-field';
import { ActionForm } from '@/components/ui/action-form';
import { Field } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatMoney } from '@/lib/format/money';
import { confirmClaim } from './actions';

/**
 * Step 3: name the agent (an agent's proposal carries no name; `agentName` is the suggestion, absent for an intake
 * claim), accept the Terms, then pay with the saved card and claim, at the total shown (a price changed meanwhile is
 * refused). The box is required here and again on the server, which charges nothing without it.
 */
export function ConfirmStep({
  token,
  totalCents,
  agentName,
}: {
  token: string;
  totalCents: number;
  agentName?: string;
}) {
  return (
    <ActionForm action={confirmClaim.bind(null, token, totalCents)} testId="claim-pay-form">
      {agentName !== undefined && (
        <Field
          label="Name your agent"
          name="agentName"
          defaultValue={agentName}
          required
          maxLength={100}
          hint="How it appears on your agents dashboard; you can rename it there."
        />
      )}
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
