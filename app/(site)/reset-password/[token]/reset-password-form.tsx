'use client';

import { ActionForm } from '@/components/ui/action-form';
import { NewPasswordField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { confirmPasswordResetAction } from '../../account-actions';

/** The new password; success redirects to /login, and on to `next` once signed in. */
export function ResetPasswordForm({ token, next }: { token: string; next: string }) {
  return (
    <ActionForm action={confirmPasswordResetAction.bind(null, token, next)} className="space-y-4">
      <NewPasswordField label="New password" />
      <SubmitButton wide>Set new password</SubmitButton>
    </ActionForm>
  );
}
