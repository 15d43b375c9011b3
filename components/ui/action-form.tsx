'use client';

import { type ReactNode, useActionState, useState } from 'react';
import { cx } from './class-names';
import { FormStateProvider, textValuesOf } from './form-state';
import { Notice } from './notice';
import { SecretOnce } from './secret-once';

/**
 * What every server action behind a form returns: the error to show (one line, for the notice under the form),
 * the message for each field it names (`describeFormError` builds both), or that it saved.
 */
export type ActionState = { error?: string; saved?: boolean; fieldErrors?: Record<string, string> };

/**
 * The one form pattern: a server action run through `useActionState`, its fields as `children` (with a
 * `SubmitButton`, which is disabled while the action runs), and the action's error (or "Saved") inline
 * under them, each field's own error under that field. A refused form keeps what was typed (React resets a
 * form after its action; the fields take the submitted values back as their defaults). `done` replaces the form once the state says so; `secret` picks a secret out of the state
 * (a new key) to show once under the form.
 */
export function ActionForm<S extends ActionState>({
  action,
  inline,
  className,
  testId,
  children,
  done,
  secret,
  savedText = 'Saved',
}: {
  action: (state: S, form: FormData) => Promise<S>;
  /** The success line ("Sent" for a text message). */
  savedText?: string;
  /** Fields and button on one row, wrapping on narrow screens. */
  inline?: boolean;
  className?: string;
  testId?: string;
  children: ReactNode;
  done?: (state: NoInfer<S>) => ReactNode;
  secret?: { label: string; of: (state: NoInfer<S>) => string | undefined };
}) {
  const [values, setValues] = useState<Record<string, string>>();
  const [state, formAction] = useActionState<S, FormData>(
    async (previous, form) => {
      const next = await action(previous, form);
      setValues(next.error ? textValuesOf(form) : undefined);
      return next;
    },
    {} as Awaited<S>,
  );
  const replacement = done?.(state);
  if (replacement) return replacement;
  const layout = inline ? 'flex flex-wrap items-end gap-3' : 'space-y-3';
  const form = (
    <form action={formAction} className={cx(className ?? layout)} data-testid={testId}>
      <FormStateProvider value={{ fieldErrors: state.fieldErrors, values }}>{children}</FormStateProvider>
      {!secret && <Outcome state={state} savedText={savedText} />}
    </form>
  );
  if (!secret) return form;
  // Under an inline form rather than in its row; the secret takes the width it needs.
  const shown = secret.of(state);
  return (
    <div className="space-y-3">
      {form}
      <Outcome state={state} savedText={savedText} />
      {shown && <SecretOnce label={secret.label} secret={shown} />}
    </div>
  );
}

function Outcome({ state, savedText }: { state: ActionState; savedText: string }) {
  if (state.error) return <Notice tone="error">{state.error}</Notice>;
  return state.saved ? <Notice tone="success">{savedText}</Notice> : null;
}
