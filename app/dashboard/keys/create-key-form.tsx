'use client';

import { ActionForm } from '@/components/ui/action-form';
import { Field, SelectField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { createKeyAction } from './actions';

export function CreateKeyForm() {
  return (
    <ActionForm action={createKeyAction} inline secret={{ label: 'Your new API key', of: (state) => state.key }}>
      <Field
        label="Key name"
        name="name"
        required
        maxLength={100}
        placeholder="e.g. Production server"
        className="flex-1"
      />
      <SelectField label="Mode" name="mode">
        <option value="live">live</option>
        <option value="test">test</option>
      </SelectField>
      <SubmitButton>Create key</SubmitButton>
    </ActionForm>
  );
}
