import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { claimLinkEmailCounts, emails } from '@/db/schema';
import { CLAIM_LINK_EMAILS_PER_DAY, CLAIM_LINK_SUBJECT } from '@/lib/services/claims/send-claim-link';
import { proposeTaskViaApi } from '@/test/cold-start';
import { envForFile } from '@/test/env';
import { uniqueEmail } from '@/test/factories';
import { withoutStripe } from '@/test/payments';

// The anonymous proposal is not a mail relay: at most CLAIM_LINK_EMAILS_PER_DAY claim-link emails to one address
// per UTC day, whoever proposes (each call below comes from its own client address), and what an agent wrote never
// becomes a subject line.
withoutStripe();
envForFile({ RESEND_API_KEY: undefined });

const propose = (requesterEmail: string, title = 'Water the plants') =>
  proposeTaskViaApi({ task: { title }, requesterEmail });

async function mailTo(address: string) {
  const { db } = await getDatabase();
  return db.select().from(emails).where(eq(emails.to, address));
}

describe('POST /v1/tasks/propose: requesterEmail is capped per address and day', () => {
  it('sends 3 emails to one address; the 4th proposal still succeeds with its claim link but sends nothing', async () => {
    expect(CLAIM_LINK_EMAILS_PER_DAY).toBe(3);
    const address = uniqueEmail('capped');
    const casings = [address, address.toUpperCase(), address, address.toUpperCase()];
    const answers = [];
    for (const [index, casing] of casings.entries()) answers.push(await propose(casing, `Errand ${index + 1}`));

    for (const res of answers) {
      expect(res.status).toBe(201);
      expect(res.json.data).toEqual(
        expect.objectContaining({ humanClaimUrl: expect.stringContaining('/claim/'), task: expect.any(Object) }),
      );
    }
    const sent = await mailTo(address);
    expect(sent).toHaveLength(3);
    const fourth = answers[3]?.json.data;
    expect(sent.some((mail) => mail.text.includes(fourth.humanClaimUrl))).toBe(false);
    expect(sent.some((mail) => mail.text.includes('Errand 4'))).toBe(false);

    // Another address is not affected by this one's cap.
    const other = uniqueEmail('other');
    expect((await propose(other)).status).toBe(201);
    expect(await mailTo(other)).toHaveLength(1);
  });

  it('yesterday’s count does not hold back today’s emails', async () => {
    const address = uniqueEmail('yesterday');
    const { db } = await getDatabase();
    await db.insert(claimLinkEmailCounts).values({
      address,
      day: sql`(now() at time zone 'utc')::date - 1`,
      sent: CLAIM_LINK_EMAILS_PER_DAY,
    });

    expect((await propose(address)).status).toBe(201);

    expect(await mailTo(address)).toHaveLength(1);
  });

  it('concurrent proposals to one address send exactly 3 emails', async () => {
    const address = uniqueEmail('concurrent');

    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => propose(address, `Rush ${index}`)));

    expect(answers.map((res) => res.status)).toEqual(Array(6).fill(201));
    expect(await mailTo(address)).toHaveLength(3);
    const { db } = await getDatabase();
    const [count] = await db.select().from(claimLinkEmailCounts).where(eq(claimLinkEmailCounts.address, address));
    expect(count?.sent).toBe(3);
  });

  it('quotes the proposed title in the body as an agent’s words, never in the subject', async () => {
    const address = uniqueEmail('subject');
    const title = 'URGENT: your account is locked, reply with your password';

    expect((await propose(address, title)).status).toBe(201);

    const [mail] = await mailTo(address);
    expect(mail?.subject).toBe(CLAIM_LINK_SUBJECT);
    expect(mail?.subject).not.toContain('URGENT');
    expect(mail?.text).toContain(`An agent proposed: “${title}”`);
  });
});
