'use client';

import { useActionState } from 'react';
import { ActionError } from './action-error';

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
  const [state, formAction, pending] = useActionState(action, {});
  const style =
    tone === 'primary'
      ? 'bg-stone-900 text-white hover:bg-stone-700'
      : tone === 'danger'
        ? 'border border-red-300 text-red-700 hover:bg-red-50'
        : 'border border-stone-300 hover:bg-stone-100';
  return (
    <form action={formAction} className="space-y-2" data-testid={testId}>
      {reasonLabel && (
        <label className="block text-sm">
          <span className="text-stone-700">{reasonLabel}</span>
          <input
            name="reason"
            maxLength={2_000}
            className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
          />
        </label>
      )}
      <button type="submit" disabled={pending} className={`rounded-md px-4 py-2 text-sm disabled:opacity-50 ${style}`}>
        {label}
      </button>
      <ActionError error={state.error} />
    </form>
  );
}
