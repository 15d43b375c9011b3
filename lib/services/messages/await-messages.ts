import type { Database } from '@/db/client';
import { type StartAwaitMessagesOptions, startAwaitMessages } from './start-await-messages';
import type { MessageResource } from './to-message-resource';

export type AwaitMessagesOptions = StartAwaitMessagesOptions;

export async function awaitMessages(database: Database, options: AwaitMessagesOptions): Promise<MessageResource[]> {
  const start = await startAwaitMessages(database, options);
  return 'messages' in start ? start.messages : start.waiting;
}
