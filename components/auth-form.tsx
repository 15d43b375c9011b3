'use client';

import { useRouter } from 'next/navigation';
import { signIn } from 'next-auth/react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { safeNextPath } from '@/lib/auth/safe-next-path';

type Mode = 'login' | 'signup';

/** Sign-up calls POST /v1/users and hands its session to next-auth; log-in goes through next-auth directly. */
export function AuthForm({ mode, next = '/dashboard' }: { mode: Mode; next?: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // Until React has hydrated, a click would submit the form natively (and put the password in the URL).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setPending(true);
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    try {
      let credentials: Record<string, string> = { email, password };
      if (mode === 'signup') {
        const name = String(form.get('name') ?? '').trim();
        const response = await fetch('/v1/users', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password, ...(name ? { name } : {}) }),
        });
        const payload = await response.json();
        if (!response.ok) {
          setError(describeError(payload));
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
      router.push(safeNextPath(next, window.location.origin));
      router.refresh();
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} method="post" className="space-y-4">
      {mode === 'signup' && <Field label="Name" name="name" type="text" autoComplete="name" />}
      <Field label="Email" name="email" type="email" autoComplete="email" required />
      <Field
        required
        label="Password"
        name="password"
        type="password"
        autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
        minLength={mode === 'signup' ? 10 : undefined}
      />
      <Notice tone="error">{error}</Notice>
      <Button type="submit" wide disabled={!hydrated || pending}>
        {mode === 'signup' ? 'Create account' : 'Log in'}
      </Button>
    </form>
  );
}

function describeError(payload: {
  error?: { message?: string; issues?: { path: string[]; message: string }[] };
}): string {
  const issue = payload.error?.issues?.[0];
  if (issue) return `${issue.path.join('.') || 'Request'}: ${issue.message}`;
  return payload.error?.message ?? 'Something went wrong';
}
