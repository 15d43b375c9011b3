'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDatabase } from '@/db/client';
import { clientIp } from '@/lib/api/request-context';
import { enforceRateLimit } from '@/lib/api/steps/rate-limit';
import { safeNextPath } from '@/lib/auth/safe-next-path';
import { env } from '@/lib/env';
import type { Operation } from '@/lib/schemas/operation';
import { confirmPasswordResetOperation, requestPasswordResetOperation } from '@/lib/schemas/password-reset';
import { confirmPasswordReset } from '@/lib/services/users/confirm-password-reset';
import { requestPasswordReset } from '@/lib/services/users/request-password-reset';
import { resendVerificationEmail } from '@/lib/services/users/resend-verification-email';
import { describeActionError, describeFormError } from '@/lib/web/describe-error';
import { getBrowserUser } from '@/lib/web/next-auth';

export type AccountFormState = {
  error?: string;
  fieldErrors?: Record<string, string>;
  done?: boolean;
  sentTo?: string;
};

/** The per-IP limit of the operation the form stands for, as the API counts it. */
async function limitPerIp(operation: Operation) {
  const database = await getDatabase();
  await enforceRateLimit(operation, { actor: { kind: 'anonymous' } }, clientIp(await headers()), () =>
    Promise.resolve(database),
  );
  return database;
}

/** /forgot-password: the same as POST /v1/auth/password-reset, with the same answer for every address. */
export async function requestPasswordResetAction(_state: AccountFormState, form: FormData): Promise<AccountFormState> {
  try {
    const { email } = requestPasswordResetOperation.body.parse({ email: form.get('email') });
    await requestPasswordReset(await limitPerIp(requestPasswordResetOperation), email, { next: form.get('next') });
    return { done: true };
  } catch (error) {
    return describeFormError(error, { email: { field: 'email', label: 'Email' } });
  }
}

/**
 * /reset-password/<token>: sets the password, signs every session out, then on to /login with a notice, and from
 * there to `next` (the page the reset was asked from, such as a pending claim) once signed in.
 */
export async function confirmPasswordResetAction(
  token: string,
  next: string,
  _state: AccountFormState,
  form: FormData,
): Promise<AccountFormState> {
  try {
    const input = confirmPasswordResetOperation.body.parse({ token, password: form.get('password') });
    const { db } = await limitPerIp(confirmPasswordResetOperation);
    await confirmPasswordReset(db, input);
  } catch (error) {
    return describeFormError(error, { password: { field: 'password', label: 'New password' } });
  }
  const back = safeNextPath(next, env().SITE_URL);
  redirect(back === '/dashboard' ? '/login?reset=1' : `/login?reset=1&next=${encodeURIComponent(back)}`);
}

/** The banner's "Resend link" button: POST /v1/users/me/email/resend for the signed-in human. */
export async function resendVerificationAction(_state: AccountFormState): Promise<AccountFormState> {
  const current = await getBrowserUser();
  if (!current) return { error: 'Your session ended. Log in again.' };
  try {
    const { sentTo } = await resendVerificationEmail(await getDatabase(), current.user);
    return { sentTo };
  } catch (error) {
    return { error: describeActionError(error) };
  }
}
