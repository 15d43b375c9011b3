import type { Mailer } from '@/lib/mail/mailer';

/** Emails the human their claim link. The link opens the claim page only; it never reveals the agent's key. */
export async function sendClaimLink(
  mailer: Mailer,
  input: { to: string; taskId: string; title: string; totalCents: number; humanClaimUrl: string },
) {
  const total = (input.totalCents / 100).toFixed(2);
  return mailer.send({
    to: input.to,
    subject: `Your agent proposed a task: ${input.title}`,
    text: [
      'An AI agent proposed a task on Legwork for you to fund:',
      '',
      `  ${input.title}`,
      `  Total: $${total} (including the 15% platform fee)`,
      '',
      'To post it, open this link, enter your email and a card:',
      input.humanClaimUrl,
      '',
      'The link is valid for 7 days. If you did not expect this, ignore this email: nothing is charged.',
    ].join('\n'),
    idempotencyKey: `task:${input.taskId}:claim-link`,
  });
}
