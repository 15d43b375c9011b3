'use client';

import type { ReactNode } from 'react';
import { ActionForm } from '@/components/ui/action-form';
import { Field } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';

/**
 * Creates something named that gets an API key (an agent, a key): its name, the `children` fields beside it, and
 * the new key shown once under the form. `noun` names the thing in the label and on the button.
 */
export function NewKeyForm<S extends { error?: string; key?: string }>({
  action,
  noun,
  placeholder,
  secretLabel,
  children,
}: {
  action: (state: S, form: FormData) => Promise<S>;
  noun: 'Agent' | 'Key';
  placeholder: string;
  secretLabel: string;
  children: ReactNode;
}) {
  return (
    <ActionForm action={action} inline secret={{ label: secretLabel, of: (state) => state.key }}>
      <Field label={`${noun} name`} name="name" required maxLength={100} placeholder={placeholder} className="flex-1" />
      {children}
      <SubmitButton>Create {noun.toLowerCase()}</SubmitButton>
    </ActionForm>
  );
}
