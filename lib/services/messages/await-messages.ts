import type { Database } from '@/db/client';
import { type StartAwaitMessagesOptions, startAwaitMessages } from './start-await-messages';
import type { MessageResource } from './to-message-resource';

export type AwaitMessagesOptions = StartAwaitMessagesOptions;

/** The whole long poll as one promise (the browser's thread component, which answers in one piece). */
export async function awaitMessages(database: Database, options: AwaitMessagesOptions): Promise<MessageResource[]> {
  const start = await startAwaitMessages(database, options);
  return 'messages' in start ? start.messages : start.waiting;
}
