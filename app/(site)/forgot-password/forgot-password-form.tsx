'use client';

import { ActionForm } from '@/components/ui/action-form';
import { Field } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { SubmitButton } from '@/components/ui/submit-button';
import { requestPasswordResetAction } from '../account-actions';

/** An email; the answer is the same whether or not it has an account. `next` rides along into the emailed link. */
export function ForgotPasswordForm({ next }: { next: string }) {
  return (
    <ActionForm
      action={requestPasswordResetAction}
      className="space-y-4"
      done={(state) =>
        state.done && (
          <Notice tone="success">
            If an account exists for that email, we sent a link to reset its password. It works for 1 hour.
          </Notice>
        )
      }
    >
      <Field label="Email" name="email" type="email" autoComplete="email" required />
      <input type="hidden" name="next" value={next} />
      <SubmitButton wide>Send reset link</SubmitButton>
    </ActionForm>
  );
}
