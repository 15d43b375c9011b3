import { type Caller, isAdminCaller } from '@/lib/auth/admin';
import { ApiError } from '@/lib/errors/api-error';

// Admin users acting through a session only: any API key is 403.
export function assertAdmin(caller: Caller, what = 'use the admin API'): void {
  if (isAdminCaller(caller)) return;
  throw new ApiError('FORBIDDEN', {
    message: `Only admins can ${what}`,
    hint:
      caller.credential.kind === 'api_key'
        ? 'Admin powers need a session: sign in (POST /v1/auth/sessions) as an admin. API keys never carry them.'
        : 'Sign in as a user whose verified email is listed in ADMIN_EMAILS.',
  });
}
