'use client';

import { ActionForm } from '@/components/ui/action-form';
import { Field } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { createAgentAction } from './actions';

export function CreateAgentForm() {
  return (
    <ActionForm action={createAgentAction} inline secret={{ label: 'Your agent’s API key', of: (state) => state.key }}>
      <Field
        label="Agent name"
        name="name"
        required
        maxLength={100}
        placeholder="e.g. Store checker"
        className="flex-1"
      />
      <Field label="Spending cap ($, empty = none)" name="spendingLimit" type="number" min="0" step="0.01" />
      <SubmitButton>Create agent</SubmitButton>
    </ActionForm>
  );
}
