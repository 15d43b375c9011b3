'use client';

import { ActionForm } from '@/components/ui/action-form';
import { SubmitButton } from '@/components/ui/submit-button';
import { confirmClaim } from './actions';

/** Step 3: pay with the saved card and claim. */
export function ConfirmStep({ token, total }: { token: string; total: string }) {
  return (
    <ActionForm action={confirmClaim.bind(null, token)}>
      <SubmitButton wide pendingLabel="Paying…">{`Pay ${total} and post the task`}</SubmitButton>
    </ActionForm>
  );
}
