import type { Db } from '@/db/client';
import { logger } from '@/lib/logger';
import { getMailer } from '@/lib/mail/get-mailer';

export const THREAD_CLOSED_REPLY = 'This task’s thread is closed; your reply was not posted.';

export type RefuseClosedThreadOptions = { to: string; subject: string; emailId: string; taskId: string };

// `Auto-Submitted` (RFC 3834) with no reply address, so no mail system answers it and no loop starts. A failure
// is logged, not thrown: the answer itself is settled either way.
export async function refuseClosedThread(db: Db, { to, subject, emailId, taskId }: RefuseClosedThreadOptions) {
  const original = subject.trim().slice(0, 200);
  try {
    await getMailer(db).send({
      to,
      subject: original ? `Not posted: ${original}` : 'Your reply was not posted',
      text: `${THREAD_CLOSED_REPLY}\n`,
      headers: { 'Auto-Submitted': 'auto-replied' },
      idempotencyKey: `email-reply:${emailId}:closed`,
    });
    logger.info('reply-by-email: thread closed, sender told', { emailId, taskId });
  } catch (error) {
    logger.error('reply-by-email: the thread-closed notice was not sent', {
      emailId,
      taskId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
