'use client';

import { ActionForm } from '@/components/ui/action-form';
import { Field, NewPasswordField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { changePasswordAction, updateNameAction } from './actions';

export function NameForm({ name }: { name: string | null }) {
  return (
    <ActionForm action={updateNameAction} inline testId="name-form">
      <Field label="Name" name="name" defaultValue={name ?? ''} maxLength={100} className="min-w-0 flex-1" />
      <SubmitButton pendingLabel="Saving…">Save name</SubmitButton>
    </ActionForm>
  );
}

export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  return (
    <ActionForm action={changePasswordAction} testId="password-form">
      {hasPassword && (
        <Field
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
        />
      )}
      <NewPasswordField label="New password" />
      <SubmitButton pendingLabel="Saving…">{hasPassword ? 'Change password' : 'Set password'}</SubmitButton>
    </ActionForm>
  );
}
