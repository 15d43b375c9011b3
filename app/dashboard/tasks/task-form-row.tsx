'use client';

import { type ReactNode, useId } from 'react';
import { controlClass } from '@/components/ui/field';
import { TASK_FORM_FIELDS, type TaskFormField } from './task-form-body';

// The task form's labelled rows (task-form.tsx): each control with its hint and the API's error for it.

export type ControlProps = {
  id: string;
  name: string;
  className: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
};

/** A labelled control with its hint and, beside it, the error the API gave for it. */
export function Row({
  field,
  label,
  hint,
  error,
  children,
}: {
  field: TaskFormField;
  label?: string;
  hint?: string;
  error?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${field}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="text-sm">
      <label htmlFor={id} className="text-stone-700">
        {label ?? TASK_FORM_FIELDS[field]}
      </label>
      {children({
        id,
        name: field,
        className: controlClass,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described,
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      )}
      <FieldError id={`${field}-error`} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700" data-testid={id}>
      {error}
    </p>
  );
}
