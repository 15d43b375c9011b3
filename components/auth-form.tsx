'use client';

import { useRouter } from 'next/navigation';
import { signIn } from 'next-auth/react';
import { type FormEvent, useEffect, useState } from 'react';
import { AcceptLegalField } from '@/components/accept-legal-field';
import { RoleChoice } from '@/components/role-choice';
import { Button } from '@/components/ui/button';
import { Field, NewPasswordField } from '@/components/ui/field';
import { FormStateProvider } from '@/components/ui/form-state';
import { Notice } from '@/components/ui/notice';
import { safeNextPath } from '@/lib/auth/safe-next-path';
import { type ValidationIssue, validationError } from '@/lib/errors/api-error';
import { describeFormError, type FormErrors, type FormFieldMap } from '@/lib/web/describe-error';
import { ROLE_DESTINATIONS, type SignUpRole, signUpRoleOf } from '@/lib/web/sign-up-role';

type Mode = 'login' | 'signup';

/**
 * Sign-up calls POST /v1/users and hands its session to next-auth; log-in goes through next-auth directly. A given
 * `next` wins; otherwise sign-up goes where the chosen role leads (`role` preselects one), and log-in to the
 * dashboard.
 */
export function AuthForm({ mode, next, role }: { mode: Mode; next?: string; role?: SignUpRole }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>();
  const [pending, setPending] = useState(false);
  // Until React has hydrated, a click would submit the form natively (and put the password in the URL).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setFieldErrors(undefined);
    setPending(true);
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    const chosen = signUpRoleOf(form.get('role'));
    const destination = next ?? (chosen ? ROLE_DESTINATIONS[chosen] : '/dashboard');
    try {
      let credentials: Record<string, string> = { email, password };
      if (mode === 'signup') {
        const name = String(form.get('name') ?? '').trim();
        // Sent as it is: an unticked box (`false`) is refused by the API with an error under the box.
        const acceptTerms = form.get('acceptTerms') === 'on';
        const response = await fetch('/v1/users', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password, acceptTerms, ...(name ? { name } : {}) }),
        });
        const payload = await response.json();
        if (!response.ok) {
          const described = describeError(payload);
          setError(described.error);
          setFieldErrors(described.fieldErrors);
          return;
        }
        credentials = { sessionToken: payload.data.session.token };
      }
      const result = await signIn('credentials', { ...credentials, redirect: false });
      if (!result || result.error) {
        setError(
          result?.error === 'CredentialsSignin' ? 'Invalid email or password' : (result?.error ?? 'Sign-in failed'),
        );
        return;
      }
      // Checked again here: the page's value is what the server rendered, this is what the browser follows.
      router.push(safeNextPath(destination, window.location.origin));
      router.refresh();
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} method="post" className="space-y-4">
      {/* The form is not reset (onSubmit prevents it), so only the errors travel here. */}
      <FormStateProvider value={{ fieldErrors }}>
        {mode === 'signup' && <RoleChoice initial={role} />}
        {mode === 'signup' && <Field label="Name" name="name" type="text" autoComplete="name" maxLength={100} />}
        <Field label="Email" name="email" type="email" autoComplete="email" required />
        {mode === 'signup' ? (
          <NewPasswordField label="Password" />
        ) : (
          <Field required label="Password" name="password" type="password" autoComplete="current-password" />
        )}
        {mode === 'signup' && (
          <AcceptLegalField
            name="acceptTerms"
            documents={[
              { slug: 'terms', label: 'Terms' },
              { slug: 'privacy', label: 'Privacy Policy' },
            ]}
          />
        )}
      </FormStateProvider>
      <Notice tone="error">{error}</Notice>
      <Button type="submit" wide disabled={!hydrated || pending}>
        {mode === 'signup' ? 'Create account' : 'Log in'}
      </Button>
    </form>
  );
}

/** The fields of POST /v1/users as this form names them. */
const SIGN_UP_FIELDS: FormFieldMap = {
  email: { field: 'email', label: 'Email' },
  password: { field: 'password', label: 'Password' },
  name: { field: 'name', label: 'Name' },
  acceptTerms: { field: 'acceptTerms', label: 'Terms and Privacy Policy' },
};

/** An error answer of POST /v1/users: each issue under its field, and a line for the notice. */
function describeError(payload: { error?: { message?: string; issues?: ValidationIssue[] } }): FormErrors {
  const issues = payload.error?.issues ?? [];
  if (issues.length === 0) return { error: payload.error?.message ?? 'Something went wrong' };
  return describeFormError(validationError(issues), SIGN_UP_FIELDS);
}
