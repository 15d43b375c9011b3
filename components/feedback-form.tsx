'use client';

import { ActionForm, type ActionState } from '@/components/ui/action-form';
import { SelectField, TextAreaField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';

export type SendFeedback = (state: ActionState, form: FormData) => Promise<ActionState>;

const KINDS = [
  ['bug', 'Something is broken'],
  ['idea', 'An idea'],
  ['complaint', 'A complaint'],
  ['praise', 'Praise'],
  ['other', 'Something else'],
] as const;

/** What a signed-in person tells us from any page: a kind, a message and, if they like, a rating. */
export function FeedbackForm({ action }: { action: SendFeedback }) {
  return (
    <ActionForm action={action} testId="feedback-form" savedText="Thanks — we read every message.">
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Kind" name="kind" defaultValue="bug" required>
          {KINDS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Rating (optional)" name="rating" defaultValue="">
          <option value="">No rating</option>
          {[5, 4, 3, 2, 1].map((stars) => (
            <option key={stars} value={stars}>
              {stars} of 5
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        label="Your feedback"
        name="message"
        rows={4}
        minLength={1}
        maxLength={5000}
        required
        hint="What happened, or what you would like. Up to 5,000 characters."
      />
      <SubmitButton pendingLabel="Sending…">Send feedback</SubmitButton>
    </ActionForm>
  );
}
