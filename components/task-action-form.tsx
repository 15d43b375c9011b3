'use client';

import { ActionForm } from './ui/action-form';
import { Field } from './ui/field';
import { SubmitButton } from './ui/submit-button';

export type TaskActionState = { error?: string; done?: boolean };

/**
 * One task action as a form: a button (and, when `reasonLabel` is given, a reason field), the error of the
 * last attempt under it. `action` is a server action bound to the task.
 */
export function TaskActionForm({
  action,
  label,
  reasonLabel,
  tone = 'primary',
  testId,
}: {
  action: (state: TaskActionState, form: FormData) => Promise<TaskActionState>;
  label: string;
  reasonLabel?: string;
  tone?: 'primary' | 'secondary' | 'danger';
  testId?: string;
}) {
  return (
    <ActionForm action={action} className="space-y-2" testId={testId}>
      {reasonLabel && <Field label={reasonLabel} name="reason" maxLength={2_000} />}
      <SubmitButton variant={tone}>{label}</SubmitButton>
    </ActionForm>
  );
}
