import { env } from '@/lib/env';
import type { Mailer } from '@/lib/mail/mailer';

/** `next`: a path on this site to return to once the new password is set (a pending claim page); already checked. */
export function sendPasswordResetEmail(mailer: Mailer, input: { to: string; token: string; next?: string }) {
  const back = input.next ? `?next=${encodeURIComponent(input.next)}` : '';
  const link = `${env().SITE_URL}/reset-password/${input.token}${back}`;
  return mailer.send({
    to: input.to,
    subject: 'Reset your Legwork password',
    text: [
      'Someone (hopefully you) asked to reset the password of your Legwork account. Choose a new one here:',
      link,
      '',
      'The link works once, for 1 hour, and signs out every device signed in to your account.',
      'If you did not ask for it, ignore this email: your password stays as it is.',
    ].join('\n'),
  });
}
