import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { getMailer } from '@/lib/mail/get-mailer';
import { getProcessor } from '@/lib/payments/get-processor';
import { proposeTaskOperation } from '@/lib/schemas/cold-start';
import { proposeTask } from '@/lib/services/claims/propose-task';
import { sendClaimLink } from '@/lib/services/claims/send-claim-link';

// POST /v1/tasks/propose — cold start: a draft task under a placeholder agent, and a link for its human
export const POST = route(proposeTaskOperation, async ({ db, body }) => {
  const { SITE_URL } = env();
  const proposal = await proposeTask(db, body, { siteUrl: SITE_URL, livemode: getProcessor(db).livemode });
  if (body.requesterEmail) {
    // The email is a courtesy copy of `humanClaimUrl`, which the agent also holds: a mail failure, or an address
    // past its daily cap, is logged, not turned into a failed proposal.
    await sendClaimLink(db, getMailer(db), {
      to: body.requesterEmail,
      taskId: proposal.task.id,
      title: proposal.task.title,
      totalCents: proposal.task.totalCents,
      humanClaimUrl: proposal.humanClaimUrl,
    }).catch((error) => logger.error('claim link email failed', { error, taskId: proposal.task.id }));
  }
  return proposal;
});

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
