'use client';

import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cx } from './class-names';
import { useFieldState } from './form-state';

/** The look of every text input, select and textarea. */
export const controlClass = 'mt-1 block w-full rounded-md border border-stone-300 px-3 py-2';

type Frame = {
  label: ReactNode;
  /** Classes of the label box (its width in a row: `flex-1`, `w-24`). */
  className?: string;
  /** Monospaced input (card numbers, codes). */
  mono?: boolean;
  /** A rule shown under the control before anyone submits ("At least 10 characters"). */
  hint?: ReactNode;
  /** The error to show under the control; inside an ActionForm it comes from the action's `fieldErrors`. */
  error?: string;
};

/** What the control needs to be tied to its hint and error: aria-invalid and aria-describedby. */
type Described = { 'aria-invalid'?: true; 'aria-describedby'?: string };

/**
 * The field's error (given, or from the form's state by `name`), the value to keep after a refused submit,
 * and the ARIA attributes that point the control at its hint and error.
 */
function useDescribed(name: string | undefined, given: Pick<Frame, 'hint' | 'error'>) {
  const id = useId();
  const state = useFieldState(name);
  const error = given.error ?? state.error;
  const ids = [given.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const aria: Described = { ...(error ? { 'aria-invalid': true } : {}), ...(ids ? { 'aria-describedby': ids } : {}) };
  return { id, error, kept: state.value, aria };
}

/**
 * A control with its visible label; the label wraps the control, so `getByLabel` finds it. The hint and the
 * error sit under it, outside the label, tied to the control by `aria-describedby`.
 */
function FieldFrame({
  label,
  className,
  hint,
  error,
  id,
  children,
}: Omit<Frame, 'mono'> & { id: string; children: ReactNode }) {
  if (!hint && !error) {
    return (
      // biome-ignore lint/a11y/noLabelWithoutControl: the control is `children`, always an input, select or textarea.
      <label className={cx('block text-sm', className)}>
        <span className="text-stone-700">{label}</span>
        {children}
      </label>
    );
  }
  return (
    <div className={cx('text-sm', className)}>
      {/* biome-ignore lint/a11y/noLabelWithoutControl: the control is `children`, always an input, select or textarea. */}
      <label className="block">
        <span className="text-stone-700">{label}</span>
        {children}
      </label>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A control's hint and error under it, with the ids its `aria-describedby` names (`<id>-hint`, `<id>-error`). */
export function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-stone-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-red-700" data-testid="field-error">
          {error}
        </p>
      )}
    </>
  );
}

/** A labelled `<input>`. */
export function Field({
  label,
  className,
  mono,
  hint,
  error,
  ...input
}: Frame & InputHTMLAttributes<HTMLInputElement>) {
  const field = useDescribed(input.name, { hint, error });
  const kept = input.value === undefined && input.type !== 'file' ? field.kept : undefined;
  return (
    <FieldFrame label={label} className={className} hint={hint} error={field.error} id={field.id}>
      <input
        {...input}
        {...field.aria}
        defaultValue={kept ?? input.defaultValue}
        className={cx(controlClass, mono && 'font-mono', field.error && 'border-red-500')}
      />
    </FieldFrame>
  );
}

/** A labelled `<select>`; its options are the children. */
export function SelectField({
  label,
  className,
  mono,
  hint,
  error,
  ...select
}: Frame & SelectHTMLAttributes<HTMLSelectElement>) {
  const field = useDescribed(select.name, { hint, error });
  const kept = select.value === undefined ? field.kept : undefined;
  return (
    <FieldFrame label={label} className={className} hint={hint} error={field.error} id={field.id}>
      <select
        {...select}
        {...field.aria}
        defaultValue={kept ?? select.defaultValue}
        className={cx(controlClass, mono && 'font-mono', field.error && 'border-red-500')}
      />
    </FieldFrame>
  );
}

/** A labelled `<textarea>`. */
export function TextAreaField({
  label,
  className,
  mono,
  hint,
  error,
  ...textarea
}: Frame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const field = useDescribed(textarea.name, { hint, error });
  const kept = textarea.value === undefined ? field.kept : undefined;
  return (
    <FieldFrame label={label} className={className} hint={hint} error={field.error} id={field.id}>
      <textarea
        {...textarea}
        {...field.aria}
        defaultValue={kept ?? textarea.defaultValue}
        className={cx(controlClass, mono && 'font-mono', field.error && 'border-red-500')}
      />
    </FieldFrame>
  );
}

/** A labelled file picker for images (JPEG, PNG or WebP), the kinds uploads accept. */
export function FileField({
  label,
  className,
  hint,
  error,
  ...input
}: Omit<Frame, 'mono'> & InputHTMLAttributes<HTMLInputElement>) {
  const field = useDescribed(input.name, { hint, error });
  return (
    <FieldFrame label={label} className={className} hint={hint} error={field.error} id={field.id}>
      <input
        type="file"
        accept="image/jpeg,image/png,image/webp"
        {...input}
        {...field.aria}
        className="mt-1 block w-full text-sm"
      />
    </FieldFrame>
  );
}

/**
 * A new password: required, at least 10 characters (the API's rule, `PASSWORD_MIN_LENGTH`), and said so in the
 * label so the browser's password manager offers to generate one.
 */
export function NewPasswordField({ label, className, error }: { label: string; className?: string; error?: string }) {
  return (
    <Field
      label={`${label} (at least 10 characters)`}
      error={error}
      name="password"
      type="password"
      autoComplete="new-password"
      minLength={10}
      required
      className={className}
    />
  );
}
