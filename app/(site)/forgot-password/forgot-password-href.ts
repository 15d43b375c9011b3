/** The forgot-password page, keeping where the human was going (the dashboard, the default, needs no `next`). */
export function forgotPasswordHref(next: string): string {
  return next === '/dashboard' ? '/forgot-password' : `/forgot-password?next=${encodeURIComponent(next)}`;
}
