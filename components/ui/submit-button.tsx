'use client';

import { useFormStatus } from 'react-dom';
import { Button, type ButtonProps } from './button';

/** The submit button of a form: disabled while the form's action runs, with `pendingLabel` as its text then. */
export function SubmitButton({
  pendingLabel,
  disabled,
  children,
  ...button
}: Omit<ButtonProps, 'type'> & { pendingLabel?: string }) {
  const { pending } = useFormStatus();
  return (
    <Button {...button} type="submit" disabled={pending || disabled}>
      {pending && pendingLabel ? pendingLabel : children}
    </Button>
  );
}
