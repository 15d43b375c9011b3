'use client';

import { ActionForm } from '@/components/ui/action-form';
import { Field, NewPasswordField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import {
  changePasswordAction,
  removePhoneAction,
  updateNameAction,
  updatePhoneAction,
  verifyPhoneAction,
} from './actions';

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

/** Set or change the number: texts it a code. */
export function PhoneForm({ phone }: { phone: string | null }) {
  return (
    <ActionForm action={updatePhoneAction} inline testId="phone-form" savedText="Code sent">
      <Field
        label={phone ? 'New number' : 'Phone number'}
        name="phone"
        type="tel"
        autoComplete="tel"
        placeholder="+49 30 1234567"
        maxLength={40}
        required
        className="min-w-0 flex-1"
      />
      <SubmitButton pendingLabel="Sending…">Text me a code</SubmitButton>
    </ActionForm>
  );
}

/** The code texted to the pending number. */
export function PhoneCodeForm() {
  return (
    <ActionForm action={verifyPhoneAction} inline testId="phone-code-form" savedText="Verified">
      <Field
        label="Code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={8}
        required
        mono
        className="w-40"
      />
      <SubmitButton pendingLabel="Checking…">Verify</SubmitButton>
    </ActionForm>
  );
}

/** Removes the verified number and any code waiting. */
export function RemovePhoneForm() {
  return (
    <ActionForm action={removePhoneAction} testId="remove-phone-form" savedText="Removed">
      <SubmitButton variant="danger-link" pendingLabel="Removing…">
        Remove phone number
      </SubmitButton>
    </ActionForm>
  );
}
