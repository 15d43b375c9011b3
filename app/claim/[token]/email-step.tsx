'use client';

import { useRouter } from 'next/navigation';
import { signIn } from 'next-auth/react';
import { useActionState, useEffect, useState } from 'react';
import { Field } from '@/components/ui/field';
import { FormStateProvider, textValuesOf } from '@/components/ui/form-state';
import { Notice } from '@/components/ui/notice';
import { SubmitButton } from '@/components/ui/submit-button';
import { type EmailStepState, submitClaimEmail } from './actions';

/** Step 1: an email. A new one signs the human in on the spot; a known one is sent to log in first. */
export function EmailStep({ token }: { token: string }) {
  const router = useRouter();
  // React resets the form after its action: a refused email comes back as the field's default.
  const [values, setValues] = useState<Record<string, string>>();
  const [state, action] = useActionState<EmailStepState, FormData>(async (previous, form) => {
    const next = await submitClaimEmail(token, previous, form);
    setValues(textValuesOf(form));
    return next;
  }, {});

  useEffect(() => {
    if (!state.sessionToken) return;
    void signIn('credentials', { sessionToken: state.sessionToken, redirect: false }).then(() => router.refresh());
  }, [state.sessionToken, router]);

  if (state.existingEmail) {
    return (
      <div className="space-y-2 text-sm" role="status">
        <p>
          <span className="font-medium">{state.existingEmail}</span> already has a Legwork account.
        </p>
        <a href={`/login?next=${encodeURIComponent(`/claim/${token}`)}`} className="underline">
          Log in to continue
        </a>
      </div>
    );
  }
  // Not ActionForm: the state also signs the human in (above), and the button stays off once it has.
  return (
    <form action={action} className="space-y-3">
      <FormStateProvider value={{ fieldErrors: state.fieldErrors, values }}>
        <Field label="Your email" name="email" type="email" autoComplete="email" required />
      </FormStateProvider>
      <SubmitButton wide disabled={Boolean(state.sessionToken)}>
        Continue
      </SubmitButton>
      <Notice tone="error">{state.error}</Notice>
    </form>
  );
}
