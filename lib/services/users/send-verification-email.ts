import { env } from '@/lib/env';
import type { Mailer } from '@/lib/mail/mailer';

export function sendVerificationEmail(mailer: Mailer, input: { to: string; token: string }) {
  const link = `${env().SITE_URL}/verify-email/${input.token}`;
  return mailer.send({
    to: input.to,
    subject: 'Verify your email for Legwork',
    text: [
      'Welcome to Legwork. Confirm that this address is yours by opening this link:',
      link,
      '',
      'The link works once, for 24 hours. If you did not create a Legwork account, ignore this email.',
    ].join('\n'),
  });
}
