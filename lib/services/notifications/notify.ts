import type { Tx } from '@/db/client';
import { type NotifyOptions, notifyMany } from './notify-many';

export type { NotifyOptions };

// In the caller's transaction, so the notification exists exactly when its cause commits. Only humans are
// notified; agents hear by webhook. A repeated `dedupeKey` does nothing and returns null.
export async function notify(tx: Tx, options: NotifyOptions) {
  const [row] = await notifyMany(tx, [options]);
  return row ?? null;
}
