import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cx } from './class-names';

/** The look of every text input, select and textarea. */
export const controlClass = 'mt-1 block w-full rounded-md border border-stone-300 px-3 py-2';

type Frame = {
  label: ReactNode;
  /** Classes of the label box (its width in a row: `flex-1`, `w-24`). */
  className?: string;
  /** Monospaced input (card numbers, codes). */
  mono?: boolean;
};

/** A control with its visible label; the label wraps the control, so `getByLabel` finds it. */
function FieldFrame({ label, className, children }: Omit<Frame, 'mono'> & { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is `children`, always an input, select or textarea.
    <label className={cx('block text-sm', className)}>
      <span className="text-stone-700">{label}</span>
      {children}
    </label>
  );
}

/** A labelled `<input>`. */
export function Field({ label, className, mono, ...input }: Frame & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame label={label} className={className}>
      <input {...input} className={cx(controlClass, mono && 'font-mono')} />
    </FieldFrame>
  );
}

/** A labelled `<select>`; its options are the children. */
export function SelectField({ label, className, mono, ...select }: Frame & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldFrame label={label} className={className}>
      <select {...select} className={cx(controlClass, mono && 'font-mono')} />
    </FieldFrame>
  );
}

/** A labelled `<textarea>`. */
export function TextAreaField({
  label,
  className,
  mono,
  ...textarea
}: Frame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame label={label} className={className}>
      <textarea {...textarea} className={cx(controlClass, mono && 'font-mono')} />
    </FieldFrame>
  );
}

/** A labelled file picker for images (JPEG, PNG or WebP), the kinds uploads accept. */
export function FileField({ label, className, ...input }: Omit<Frame, 'mono'> & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame label={label} className={className}>
      <input type="file" accept="image/jpeg,image/png,image/webp" {...input} className="mt-1 block w-full text-sm" />
    </FieldFrame>
  );
}

/**
 * A new password: required, at least 10 characters (the API's rule, `PASSWORD_MIN_LENGTH`), and said so in the
 * label so the browser's password manager offers to generate one.
 */
export function NewPasswordField({ label, className }: { label: string; className?: string }) {
  return (
    <Field
      label={`${label} (at least 10 characters)`}
      name="password"
      type="password"
      autoComplete="new-password"
      minLength={10}
      required
      className={className}
    />
  );
}
