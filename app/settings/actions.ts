'use server';

import { revalidatePath } from 'next/cache';
import type { ActionState } from '@/components/ui/action-form';
import { getDatabase } from '@/db/client';
import { ApiError } from '@/lib/errors/api-error';
import {
  changePasswordOperation,
  updateCurrentUserOperation,
  verifyPhoneOperation,
} from '@/lib/schemas/account-settings';
import { changePassword } from '@/lib/services/users/change-password';
import { updateCurrentUser } from '@/lib/services/users/update-current-user';
import { verifyPhone } from '@/lib/services/users/verify-phone';
import { describeFormError, type FormFieldMap } from '@/lib/web/describe-error';
import { requireBrowserUser } from '@/lib/web/require-browser-user';

const PAGE = '/settings';

/** The name form: PATCH /v1/users/me. An empty field clears the name. */
export async function updateNameAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const { user } = await requireBrowserUser(PAGE);
  try {
    const name = String(form.get('name') ?? '').trim();
    const input = updateCurrentUserOperation.body.parse({ name: name === '' ? null : name });
    await updateCurrentUser(await getDatabase(), user.id, input);
    revalidatePath('/', 'layout');
    return { saved: true };
  } catch (error) {
    return describeFormError(error, { name: { field: 'name', label: 'Name' } });
  }
}

/** The password form: PUT /v1/users/me/password; this browser stays signed in, every other session ends. */
export async function changePasswordAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const { user, sessionId } = await requireBrowserUser(PAGE);
  try {
    const current = form.get('currentPassword');
    const input = changePasswordOperation.body.parse({
      ...(current === null ? {} : { currentPassword: current }),
      password: form.get('password'),
    });
    const { db } = await getDatabase();
    await changePassword(db, { userId: user.id, sessionId, ...input });
    revalidatePath(PAGE);
    return { saved: true };
  } catch (error) {
    return describeFormError(error, {
      currentPassword: { field: 'currentPassword', label: 'Current password' },
      password: { field: 'password', label: 'New password' },
    });
  }
}

const PHONE_FIELDS = { phone: { field: 'phone', label: 'Phone number' } };

/** The phone form: PATCH /v1/users/me {phone}, which texts a code to the number; an empty field removes it. */
export async function updatePhoneAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const { user } = await requireBrowserUser(PAGE);
  try {
    const phone = String(form.get('phone') ?? '').trim();
    if (phone === '') return { error: 'Enter a number with its country code, like +49 30 1234567.' };
    const input = updateCurrentUserOperation.body.parse({ phone });
    await updateCurrentUser(await getDatabase(), user.id, input);
    revalidatePath(PAGE);
    return { saved: true };
  } catch (error) {
    return describePhoneError(error, PHONE_FIELDS);
  }
}

/** The code form: POST /v1/users/me/phone/verify. */
export async function verifyPhoneAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const { user } = await requireBrowserUser(PAGE);
  try {
    const input = verifyPhoneOperation.body.parse({ code: String(form.get('code') ?? '') });
    const { db } = await getDatabase();
    await verifyPhone(db, { userId: user.id, code: input.code });
    revalidatePath(PAGE);
    return { saved: true };
  } catch (error) {
    return describePhoneError(error, { code: { field: 'code', label: 'Code' } });
  }
}

/** Remove: PATCH /v1/users/me {phone: null}, the verified number and any code waiting. */
export async function removePhoneAction(_state: ActionState, _form: FormData): Promise<ActionState> {
  const { user } = await requireBrowserUser(PAGE);
  try {
    await updateCurrentUser(await getDatabase(), user.id, { phone: null });
    revalidatePath(PAGE);
    return { saved: true };
  } catch (error) {
    return describeFormError(error);
  }
}

/** Like describeFormError, with what a person can do about a refusal: wait, text START, or ask for a new code. */
function describePhoneError(error: unknown, fields: FormFieldMap): ActionState {
  if (!(error instanceof ApiError) || error.code === 'VALIDATION_ERROR') return describeFormError(error, fields);
  const next =
    error.code === 'RATE_LIMIT_EXCEEDED'
      ? `Try again in ${error.details?.retryAfter ?? 60} seconds.`
      : error.code === 'SMS_OPTED_OUT'
        ? 'Text START to our number from it, then try again.'
        : error.code.startsWith('PHONE_CODE_')
          ? 'Send your number again for a new code.'
          : '';
  return { error: `${error.message}. ${next}`.trim() };
}
