'use client';

import { ActionForm } from '@/components/ui/action-form';
import { Field } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { submitTestCard } from './actions';

export function CardForm({ setupIntentId }: { setupIntentId: string }) {
  return (
    <ActionForm action={submitTestCard.bind(null, setupIntentId)} className="space-y-4">
      <Field
        label="Card number"
        name="number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        required
        mono
      />
      <div className="flex gap-3">
        <Field
          label="Expiry (MM/YY)"
          name="expiry"
          autoComplete="cc-exp"
          placeholder="12/34"
          required
          mono
          className="flex-1"
        />
        <Field
          label="CVC"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          minLength={3}
          maxLength={4}
          required
          mono
          className="w-24"
        />
      </div>
      <SubmitButton wide>Save card</SubmitButton>
    </ActionForm>
  );
}
