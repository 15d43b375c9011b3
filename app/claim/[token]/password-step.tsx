'use client';

import { ActionForm } from '@/components/ui/action-form';
import { NewPasswordField } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { SubmitButton } from '@/components/ui/submit-button';
import { chooseClaimPassword, type FormState } from './actions';

/** After a claim with a new email: a password for logging in later. */
export function PasswordStep({ token }: { token: string }) {
  return (
    <ActionForm
      action={chooseClaimPassword.bind(null, token)}
      done={(state: FormState) =>
        state.done && <Notice tone="success">Password saved. You can log in with it from now on.</Notice>
      }
    >
      <NewPasswordField label="Choose a password" />
      <SubmitButton variant="secondary">Save password</SubmitButton>
    </ActionForm>
  );
}
