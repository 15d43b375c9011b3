import type { ButtonHTMLAttributes } from 'react';
import { cx } from './class-names';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'destructive' | 'link' | 'danger-link';

const variants: Record<ButtonVariant, string> = {
  primary: 'rounded-md bg-stone-900 px-4 py-2 text-white hover:bg-stone-700',
  secondary: 'rounded-md border border-stone-300 bg-white px-4 py-2 hover:bg-stone-100',
  danger: 'rounded-md border border-red-300 bg-white px-4 py-2 text-red-700 hover:bg-red-50',
  destructive: 'rounded-md bg-red-700 px-4 py-2 text-white hover:bg-red-800',
  link: 'underline',
  'danger-link': 'text-red-700 underline',
};

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /** Full width, at body size: the one action of a narrow form (log in, save card). */
  wide?: boolean;
  /** Body size rather than small: the calls to action of a landing page. */
  large?: boolean;
  /** Smaller padding, for buttons inside a row or a table. */
  compact?: boolean;
};

/** The class string of a button (also for a `Link` styled as one). */
export function buttonClass({ variant = 'primary', wide, large, compact }: Omit<ButtonProps, 'type'> = {}): string {
  return cx(
    variants[variant],
    wide && 'w-full',
    !(wide || large) && 'text-sm',
    compact && variant !== 'link' && variant !== 'danger-link' && 'px-3 py-1',
    'disabled:opacity-50',
  );
}

/** A button; `type` is "button" unless said otherwise, so it never submits a form by accident. */
export function Button({ variant, wide, large, compact, className, type = 'button', ...button }: ButtonProps) {
  return <button type={type} {...button} className={cx(buttonClass({ variant, wide, large, compact }), className)} />;
}
