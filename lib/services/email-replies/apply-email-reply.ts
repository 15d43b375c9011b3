import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { users } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { logger } from '@/lib/logger';
import { isAutoReply } from '@/lib/mail/auto-reply';
import type { ReceivedEmail } from '@/lib/mail/received-email';
import { addressOf } from '@/lib/mail/reply-address';
import { replyText } from '@/lib/mail/reply-text';
import { MAX_MESSAGE_CHARS } from '@/lib/schemas/messages';
import { postMessage } from '@/lib/services/messages/post-message';
import type { ReplyToken } from './find-reply-token';
import { refuseClosedThread } from './refuse-closed-thread';

export type EmailReplyOutcome = 'posted' | 'auto_reply' | 'forged_sender' | 'empty' | 'not_party' | 'thread_closed';

export type ApplyEmailReplyOptions = { token: ReplyToken; email: ReceivedEmail; emailId: string };

// Checks of protocols §3.3: machine mail is dropped; the From address must be the token's recipient's (the token,
// not From, names the person: From alone could be forged), and a DMARC failure refuses it too. Every refusal is
// acknowledged: a redelivery would not change it.
export async function applyEmailReply(
  database: Database,
  { token, email, emailId }: ApplyEmailReplyOptions,
): Promise<EmailReplyOutcome> {
  const context = { emailId, taskId: token.taskId, userId: token.userId };
  if (isAutoReply(email.headers, email.from)) {
    logger.info('reply-by-email: automatic reply dropped', context);
    return 'auto_reply';
  }
  const [user] = await database.db.select({ email: users.email }).from(users).where(eq(users.id, token.userId));
  const dmarcFailed = /\bdmarc=fail\b/i.test(email.headers['authentication-results'] ?? '');
  if (!user?.email || addressOf(email.from) !== user.email.toLowerCase() || dmarcFailed) {
    logger.warn('reply-by-email: the sender is not the reply address’s recipient; nothing posted', {
      ...context,
      dmarcFailed,
    });
    return 'forged_sender';
  }
  const body = replyText(email, MAX_MESSAGE_CHARS);
  if (!body) {
    logger.info('reply-by-email: nothing left once quoted text and signature were removed', context);
    return 'empty';
  }
  try {
    await postMessage(database, { userId: token.userId, taskId: token.taskId, body });
    return 'posted';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === 'THREAD_NOT_OPEN' || error.code === 'THREAD_READ_ONLY') {
      await refuseClosedThread(database.db, { to: user.email, subject: email.subject, ...context });
      return 'thread_closed';
    }
    if (error.code === 'NOT_FOUND') {
      logger.warn('reply-by-email: the sender is no longer a party to the task; nothing posted', context);
      return 'not_party';
    }
    throw error;
  }
}
