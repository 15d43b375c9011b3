// What a new account is for; it only decides the first page after sign-up (no server imports: the sign-up form
// reads it in the browser).
export type SignUpRole = 'requester' | 'worker';

/** Where each choice leads once the account exists; with no choice, the dashboard. */
export const ROLE_DESTINATIONS: Record<SignUpRole, string> = {
  requester: '/dashboard/tasks/new',
  worker: '/worker/onboarding',
};

export function signUpRoleOf(value: unknown): SignUpRole | undefined {
  return value === 'requester' || value === 'worker' ? value : undefined;
}
