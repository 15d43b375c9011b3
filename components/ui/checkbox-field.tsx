'use client';

import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cx } from './class-names';
import { FieldNotes } from './field';
import { useFieldState } from './form-state';

/**
 * A checkbox with its label beside it (the label wraps the control, so `getByLabel` finds it; links in the label
 * stay links), and the form's error for `name` under it.
 */
export function CheckboxField({
  label,
  name,
  className,
  ...input
}: { label: ReactNode; name: string; className?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const id = useId();
  // A refused ActionForm gives back what was submitted: a ticked box stays ticked.
  const { error, value } = useFieldState(name);
  return (
    <div className={cx('text-sm', className)}>
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          name={name}
          className="mt-0.5"
          defaultChecked={value === 'on'}
          {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
          {...input}
        />
        <span className="text-stone-700">{label}</span>
      </label>
      <FieldNotes id={id} error={error} />
    </div>
  );
}
