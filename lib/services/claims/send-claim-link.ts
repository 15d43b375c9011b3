import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { claimLinkEmailCounts } from '@/db/schema';
import { formatMoney } from '@/lib/format/money';
import type { Mailer } from '@/lib/mail/mailer';

/** Claim-link emails one address receives per UTC day, whoever proposes: more would make the proposal a relay. */
export const CLAIM_LINK_EMAILS_PER_DAY = 3;

/** The fixed subject: what an agent wrote never becomes a subject line. */
export const CLAIM_LINK_SUBJECT = 'A task is waiting for you to fund on Legwork';

export type SendClaimLinkInput = {
  to: string;
  taskId: string;
  title: string;
  totalCents: number;
  humanClaimUrl: string;
};

// Null when over the daily cap (the proposal still stands). The link never reveals the agent's key.
export async function sendClaimLink(db: Executor, mailer: Mailer, input: SendClaimLinkInput) {
  if (!(await takeDailySlot(db, input.to))) return null;
  return mailer.send({
    to: input.to,
    subject: CLAIM_LINK_SUBJECT,
    text: [
      'An AI agent proposed a task on Legwork and gave your address as the person who would fund it.',
      '',
      `An agent proposed: “${input.title}”`,
      '(These are the agent’s words, not Legwork’s.)',
      '',
      `Total: ${formatMoney(input.totalCents)} (including the 15% platform fee)`,
      '',
      'To post it, open this link, enter your email and a card:',
      input.humanClaimUrl,
      '',
      'The link is valid for 7 days. If you did not expect this, ignore this email: nothing is charged.',
    ].join('\n'),
    idempotencyKey: `task:${input.taskId}:claim-link`,
  });
}

// One conditional upsert: the row lock of ON CONFLICT orders concurrent proposals.
async function takeDailySlot(db: Executor, address: string): Promise<boolean> {
  const rows = await db
    .insert(claimLinkEmailCounts)
    .values({ address: address.toLowerCase(), day: sql`(now() at time zone 'utc')::date`, sent: 1 })
    .onConflictDoUpdate({
      target: [claimLinkEmailCounts.address, claimLinkEmailCounts.day],
      set: { sent: sql`${claimLinkEmailCounts.sent} + 1` },
      setWhere: sql`${claimLinkEmailCounts.sent} < ${CLAIM_LINK_EMAILS_PER_DAY}`,
    })
    .returning({ sent: claimLinkEmailCounts.sent });
  return rows.length > 0;
}
