'use server';

import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDatabase } from '@/db/client';
import { clientIp } from '@/lib/api/request-context';
import { enforceRateLimit } from '@/lib/api/steps/rate-limit';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors/api-error';
import { formatMoney } from '@/lib/format/money';
import { getProcessor } from '@/lib/payments/get-processor';
import { emailSchema } from '@/lib/schemas/common';
import { taskUpdateSchema } from '@/lib/schemas/task-actions';
import { createUserOperation, passwordSchema } from '@/lib/schemas/users';
import { completeClaim } from '@/lib/services/claims/complete-claim';
import { correctClaimTask } from '@/lib/services/claims/correct-claim-task';
import { findClaimByHumanToken } from '@/lib/services/claims/find-claim-by-human-token';
import { startWalletSetup } from '@/lib/services/money/start-wallet-setup';
import { createUser } from '@/lib/services/users/create-user';
import { setInitialPassword } from '@/lib/services/users/set-initial-password';
import { BUDGET_MAX_CENTS, BUDGET_MIN_CENTS } from '@/lib/tasks/task-rules';
import { describeFormError, type FormFieldMap } from '@/lib/web/describe-error';
import { getBrowserUser } from '@/lib/web/next-auth';

export type EmailStepState = {
  error?: string;
  fieldErrors?: Record<string, string>;
  sessionToken?: string;
  existingEmail?: string;
};
export type FormState = { error?: string; fieldErrors?: Record<string, string>; done?: boolean };
export type CorrectState = { error?: string; saved?: boolean };

// Every action here acts under its claim link, checked first: a made-up or spent link creates and changes
// nothing (posting an action by hand must not turn the claim page into a sign-up without a password).
const CLAIM_LINK_ERRORS = {
  missing: 'This claim link is not valid. Check that you copied the whole link from your agent.',
  expired: 'This claim link has expired. Ask your agent to propose the task again.',
  claimed: 'This claim link has already been used.',
} as const;

/** Undefined when the link is open; else what to tell the human. */
async function openClaimError(token: string): Promise<string | undefined> {
  const { db } = await getDatabase();
  const found = await findClaimByHumanToken(db, token);
  if (!found) return CLAIM_LINK_ERRORS.missing;
  return found.state === 'open' ? undefined : CLAIM_LINK_ERRORS[found.state];
}

/**
 * Email step: a new email becomes an account (no password yet) signed in at once; a known one must log in.
 * The account comes from the same service as sign-up, verification email included.
 */
export async function submitClaimEmail(token: string, _state: EmailStepState, form: FormData): Promise<EmailStepState> {
  const linkError = await openClaimError(token);
  if (linkError) return { error: linkError };
  const parsed = emailSchema.safeParse(form.get('email'));
  if (!parsed.success) {
    return {
      error: 'Enter a valid email address.',
      fieldErrors: { email: 'Enter a valid email address, e.g. you@example.com' },
    };
  }
  const database = await getDatabase();
  const requestHeaders = await headers();
  const ip = clientIp(requestHeaders);
  try {
    // The same per-IP limit as signing up through POST /v1/users.
    await enforceRateLimit(createUserOperation, { actor: { kind: 'anonymous' } }, ip, () => Promise.resolve(database));
  } catch (error) {
    if (error instanceof ApiError) return { error: `${error.message}. Try again in a minute.` };
    throw error;
  }
  try {
    const created = await createUser(
      database.db,
      { email: parsed.data },
      { ip, userAgent: requestHeaders.get('user-agent') },
    );
    return { sessionToken: created.session.token };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') return { existingEmail: parsed.data };
    throw error;
  }
}

/** Off to the processor's card page, and back to the claim page afterwards. */
export async function addClaimCard(token: string): Promise<void> {
  const current = await getBrowserUser();
  // The claim page itself says what is wrong with a spent or unknown link.
  if (!current || (await openClaimError(token))) redirect(`/claim/${token}`);
  const { db } = await getDatabase();
  const { setupUrl } = await startWalletSetup(db, {
    processor: getProcessor(db),
    user: current.user,
    returnUrl: `${env().SITE_URL}/claim/${token}`,
  });
  redirect(setupUrl);
}

/** The pay form's fields as the claim's rules name them. */
const PAY_FIELDS: FormFieldMap = {
  acceptTerms: { field: 'acceptTerms', label: 'the Terms and the Privacy Policy' },
  agentName: { field: 'agentName', label: 'the agent’s name' },
};

/**
 * Pays and claims, at the total the page showed (`expectedTotalCents`: another price by now is refused, nothing
 * charged), once the Terms box is ticked (without it nothing is charged and the link stays open). A decline leaves
 * everything unclaimed and says why; a second submit changes nothing.
 */
export async function confirmClaim(
  token: string,
  expectedTotalCents: number,
  _state: FormState,
  form: FormData,
): Promise<FormState> {
  const current = await getBrowserUser();
  if (!current) return { error: 'Your session ended. Reload the page and sign in again.' };
  const { db } = await getDatabase();
  try {
    await completeClaim(db, {
      processor: getProcessor(db),
      humanToken: token,
      userId: current.user.id,
      // Bound by the page's form: a number, or the page is refused like a changed price.
      expectedTotalCents: Number.isSafeInteger(expectedTotalCents) ? expectedTotalCents : -1,
      acceptTerms: form.get('acceptTerms') === 'on',
      // Only an agent claim's form has the field; the service names the agent after the task without it.
      agentName: typeof form.get('agentName') === 'string' ? String(form.get('agentName')) : undefined,
      ip: clientIp(await headers()),
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'VALIDATION_ERROR') {
      const { error: summary, fieldErrors } = describeFormError(error, PAY_FIELDS);
      if (fieldErrors?.acceptTerms) {
        return { error: 'Nothing was charged: accept the Terms and the Privacy Policy to pay.', fieldErrors };
      }
      return { error: `Nothing was charged. ${summary}`, fieldErrors };
    }
    if (error instanceof ApiError) return { error: claimErrorMessage(error) };
    throw error;
  }
  redirect(`/claim/${token}`);
}

function claimErrorMessage(error: ApiError): string {
  if (error.code === 'PAYMENT_FAILED') return `Your card was not charged: ${error.message}. Try another card.`;
  if (error.code === 'PAYMENT_REQUIRED') return 'Add a card first.';
  return error.message;
}

/**
 * After claiming with a new email: choose the password for later logins. The one action that runs after the
 * claim, so it needs a link that this very user claimed (the page offers it nowhere else).
 */
export async function chooseClaimPassword(token: string, _state: FormState, form: FormData): Promise<FormState> {
  const current = await getBrowserUser();
  if (!current) return { error: 'Your session ended. Log in again.' };
  const { db } = await getDatabase();
  const found = await findClaimByHumanToken(db, token);
  if (found?.claim.claimedBy !== current.user.id) return { error: CLAIM_LINK_ERRORS.missing };
  const password = passwordSchema.safeParse(form.get('password'));
  if (!password.success) {
    const message = password.error.issues[0]?.message ?? 'Invalid password';
    return { error: message, fieldErrors: { password: message } };
  }
  const set = await setInitialPassword(db, { userId: current.user.id, password: password.data });
  return set ? { done: true } : { error: 'This account already has a password.' };
}

/**
 * Before paying: the human corrects the place, budget and deadline the agent proposed, with the same rules as
 * PATCH /v1/tasks/{id} (the price follows the budget). Only on an open claim whose draft is not being paid for.
 */
export async function correctClaim(token: string, _state: CorrectState, form: FormData): Promise<CorrectState> {
  const linkError = await openClaimError(token);
  if (linkError) return { error: linkError };
  const budget = Number(form.get('budget'));
  const lat = form.get('lat');
  const lng = form.get('lng');
  // A remote proposal given a place here has no address field: the picked city names it.
  const address = String(form.get('address') ?? form.get('city') ?? '').trim();
  const precision = form.get('precision') || undefined;
  const parsed = taskUpdateSchema.safeParse({
    budgetCents: Math.round(budget * 100),
    deadline: form.get('deadline') || undefined,
    ...(lat && lng
      ? { location: { lat: Number(lat), lng: Number(lng), ...(address ? { address } : {}), precision } }
      : {}),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === 'budgetCents' ? 'Budget' : issue?.path[0] === 'deadline' ? 'Deadline' : 'Place';
    const message =
      issue?.path[0] === 'budgetCents'
        ? `must be from ${formatMoney(BUDGET_MIN_CENTS)} to ${formatMoney(BUDGET_MAX_CENTS)}`
        : (issue?.message ?? 'is not valid');
    return { error: `${field}: ${message.charAt(0).toLowerCase()}${message.slice(1)}.` };
  }
  const { db } = await getDatabase();
  try {
    const { budgetCents, deadline, location } = parsed.data;
    await correctClaimTask(db, { humanToken: token, patch: { budgetCents, deadline, location } });
  } catch (error) {
    if (error instanceof ApiError) return { error: claimErrorMessage(error) };
    throw error;
  }
  revalidatePath(`/claim/${token}`);
  return { saved: true };
}
