'use client';

import type { ActionState } from './ui/action-form';
import { ActionForm } from './ui/action-form';
import { TextAreaField } from './ui/field';
import { Notice } from './ui/notice';
import { SubmitButton } from './ui/submit-button';

const STARS = [1, 2, 3, 4, 5] as const;

/** 1–5 stars and a comment about the other side of a completed task; replaced by a thank-you once sent. */
export function TaskReviewForm({
  action,
  about,
}: {
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
  /** Who is reviewed, e.g. "Dana K." */
  about: string;
}) {
  return (
    <ActionForm
      action={action}
      testId="review-form"
      done={(state) =>
        state.saved ? (
          <Notice tone="success" testId="review-sent">
            Thanks: your review of {about} is saved.
          </Notice>
        ) : null
      }
    >
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">How was it working with {about}?</legend>
        <div className="flex flex-wrap gap-2">
          {STARS.map((stars) => (
            <label
              key={stars}
              className="flex cursor-pointer items-center gap-1 rounded-md border border-stone-300 px-2 py-1 text-sm has-[:checked]:border-stone-900 has-[:checked]:bg-stone-900 has-[:checked]:text-white"
            >
              <input type="radio" name="rating" value={stars} required className="sr-only" />
              <span aria-hidden>{'★'.repeat(stars)}</span>
              <span className="sr-only">{stars === 1 ? '1 star' : `${stars} stars`}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextAreaField label="Comment (optional)" name="comment" rows={2} maxLength={2_000} />
      <SubmitButton>Send review</SubmitButton>
    </ActionForm>
  );
}
