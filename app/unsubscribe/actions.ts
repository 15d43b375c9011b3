'use server';

import { headers } from 'next/headers';
import { getDatabase } from '@/db/client';
import { clientIp } from '@/lib/api/request-context';
import { enforceRateLimit } from '@/lib/api/steps/rate-limit';
import { unsubscribeOperation } from '@/lib/schemas/notifications';
import { unsubscribeFromEmails } from '@/lib/services/notifications/unsubscribe-from-emails';
import { describeActionError } from '@/lib/web/describe-error';

export type UnsubscribeState = { error?: string; done?: boolean };

/** /unsubscribe's button: the same as POST /v1/notifications/unsubscribe, under its per-IP limit. */
export async function unsubscribeAction(
  token: string,
  _state: UnsubscribeState,
  _form: FormData,
): Promise<UnsubscribeState> {
  try {
    const database = await getDatabase();
    await enforceRateLimit(unsubscribeOperation, { actor: { kind: 'anonymous' } }, clientIp(await headers()), () =>
      Promise.resolve(database),
    );
    await unsubscribeFromEmails(database.db, token);
    return { done: true };
  } catch (error) {
    return { error: describeActionError(error) };
  }
}
