'use client';

import { type ReactNode, useActionState, useState } from 'react';
import { Button, type ButtonVariant } from './button';
import { TextAreaField } from './field';
import { Notice } from './notice';
import { SecretOnce } from './secret-once';
import { SubmitButton } from './submit-button';

/** What an action behind a confirmation returns: the error to show, or (for a new key) the secret. */
export type ConfirmState = { error?: string; key?: string };

/**
 * An action that moves money or breaks something, behind an inline confirmation: the button opens a sentence
 * saying what will happen (`children`: real figures and names), with the confirming button and Cancel; only
 * the confirming button runs `action`. With `reason`, the confirmation asks for a required reason (sent as the
 * form's `reason`). A failure stays in the confirmation as an error; a success closes it and shows `success`
 * (and, with `secret`, the new key once). An action that changes the page (the button disappears) redirects to
 * a page showing its own notice instead.
 */
export function ConfirmAction<S extends ConfirmState>({
  action,
  label,
  confirmLabel,
  children,
  variant = 'secondary',
  confirmVariant = 'destructive',
  compact,
  reason,
  success,
  secret,
  testId,
}: {
  action: (state: S, form: FormData) => Promise<S>;
  /** The button that opens the confirmation. */
  label: string;
  /** The button that does it ("Yes, pay $15.00"). */
  confirmLabel: string;
  /** What will happen, in words and figures. */
  children?: ReactNode;
  variant?: ButtonVariant;
  confirmVariant?: ButtonVariant;
  compact?: boolean;
  /** A required reason, at most `maxLength` characters (2,000 unless the operation allows fewer). */
  reason?: { label: string; placeholder?: string; maxLength?: number };
  /** Shown after the action succeeded, where the confirmation was. */
  success?: ReactNode;
  secret?: { label: string; of: (state: NoInfer<S>) => string | undefined };
  testId?: string;
}) {
  const [state, formAction] = useActionState<S, FormData>(action, {} as Awaited<S>);
  // The state when the confirmation was opened: a new state without an error means it was done.
  const [openedAt, setOpenedAt] = useState<S | null>(null);
  const open = openedAt !== null && (state === openedAt || Boolean(state.error));
  const finished = openedAt !== null && !open;
  const shown = finished ? secret?.of(state) : undefined;
  return (
    <div className="space-y-2" data-testid={testId}>
      {open ? (
        <form
          action={formAction}
          className="space-y-2 rounded-md border border-stone-300 bg-stone-50 p-3 text-sm"
          data-testid="confirmation"
        >
          <p>{children}</p>
          {reason && (
            <TextAreaField
              label={reason.label}
              name="reason"
              required
              maxLength={reason.maxLength ?? 2_000}
              rows={3}
              placeholder={reason.placeholder}
            />
          )}
          <div className="flex flex-wrap items-center gap-2">
            <SubmitButton variant={confirmVariant} compact={compact}>
              {confirmLabel}
            </SubmitButton>
            <Button variant="secondary" compact={compact} onClick={() => setOpenedAt(null)}>
              Cancel
            </Button>
          </div>
          <Notice tone="error">{state !== openedAt && state.error}</Notice>
        </form>
      ) : (
        <Button variant={variant} compact={compact} onClick={() => setOpenedAt(state)}>
          {label}
        </Button>
      )}
      {finished && !shown && <Notice tone="success">{success}</Notice>}
      {shown && secret && <SecretOnce label={secret.label} secret={shown} />}
    </div>
  );
}
