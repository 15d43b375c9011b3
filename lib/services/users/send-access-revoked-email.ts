import { env } from '@/lib/env';
import type { Mailer } from '@/lib/mail/mailer';
import type { RevokedAccess } from './revoke-account-access';

export type RevokedBecause = 'password_reset' | 'email_verified';

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function listed(parts: string[]) {
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

export function describeRevokedAccess(revoked: RevokedAccess, because: RevokedBecause): string[] | null {
  const credentials = [
    revoked.apiKeys && counted(revoked.apiKeys, 'API key', 'API keys'),
    revoked.claimCodes && counted(revoked.claimCodes, 'claim code', 'claim codes'),
    revoked.webhookEndpoints && counted(revoked.webhookEndpoints, 'webhook endpoint', 'webhook endpoints'),
  ].filter((part): part is string => Boolean(part));
  if (credentials.length === 0 && revoked.sessions === 0) return null;
  const total = revoked.apiKeys + revoked.claimCodes + revoked.webhookEndpoints;
  const were = total === 1 ? 'was' : 'were';
  const sessions = counted(revoked.sessions, 'session', 'sessions');
  const lines =
    because === 'email_verified'
      ? [
          credentials.length > 0 && `${listed(credentials)} created before you verified this address ${were} revoked.`,
          revoked.sessions > 0 &&
            `${sessions} signed in before you verified this address ${revoked.sessions === 1 ? 'was' : 'were'} signed out.`,
        ]
      : [
          credentials.length > 0 &&
            `Your password was reset, so ${listed(credentials)} of your account ${were} revoked.`,
          revoked.sessions > 0 &&
            `${credentials.length > 0 ? '' : 'Your password was reset, so '}${sessions} ${revoked.sessions === 1 ? 'was' : 'were'} signed out.`,
        ];
  const site = env().SITE_URL;
  const after =
    credentials.length > 0
      ? [
          'Revoked keys and claim codes stop working at once; a disabled webhook endpoint receives nothing until it is',
          `turned back on. If they were yours, create new keys at ${site}/dashboard/keys and turn endpoints back on at`,
          `${site}/dashboard/webhooks. If they were not, nobody can use them any more.`,
        ]
      : ['If those sessions were yours, sign in again there.'];
  return [...lines.filter((line): line is string => Boolean(line)), '', ...after];
}

export async function sendAccessRevokedEmail(
  mailer: Mailer,
  input: { to: string; revoked: RevokedAccess; because: RevokedBecause },
) {
  const lines = describeRevokedAccess(input.revoked, input.because);
  if (!lines) return null;
  return mailer.send({
    to: input.to,
    subject:
      input.because === 'email_verified'
        ? 'Access created before you verified your Legwork email was revoked'
        : 'Access to your Legwork account was revoked after the password reset',
    text: lines.join('\n'),
  });
}
