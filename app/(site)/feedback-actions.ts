'use server';

import type { ActionState } from '@/components/ui/action-form';
import { getDatabase } from '@/db/client';
import { ApiError } from '@/lib/errors/api-error';
import { callerLivemode } from '@/lib/payments/get-processor';
import { sendFeedbackOperation } from '@/lib/schemas/feedback';
import { sendFeedback } from '@/lib/services/feedback/send-feedback';
import { describeFormError } from '@/lib/web/describe-error';
import { getBrowserUser } from '@/lib/web/next-auth';

const FIELDS = {
  kind: { field: 'kind', label: 'Kind' },
  message: { field: 'message', label: 'Your feedback' },
  rating: { field: 'rating', label: 'Rating' },
};

/** The footer's "Send feedback" form: POST /v1/feedback for the signed-in human. */
export async function sendFeedbackAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const current = await getBrowserUser();
  if (!current) return { error: 'Your session ended. Log in again.' };
  try {
    const rating = String(form.get('rating') ?? '');
    const input = sendFeedbackOperation.body.parse({
      kind: form.get('kind'),
      message: form.get('message'),
      ...(rating === '' ? {} : { rating: Number(rating) }),
    });
    await sendFeedback(await getDatabase(), {
      ...input,
      userId: current.user.id,
      apiKeyId: null,
      livemode: callerLivemode(),
    });
    return { saved: true };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'RATE_LIMIT_EXCEEDED') {
      const minutes = Math.ceil(Number(error.details?.retryAfter ?? 3600) / 60);
      return { error: `That is a lot of feedback for one hour. Try again in ${minutes} min.` };
    }
    return describeFormError(error, FIELDS);
  }
}
