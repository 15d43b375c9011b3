import type { Tx } from '@/db/client';
import { type NotifyOptions, notifyMany } from './notify-many';

export type { NotifyOptions };

/**
 * Notifies one person, in the caller's transaction (so the notification exists exactly when its cause commits):
 * the in-app row, then, after their preferences, an email queued for the notification-email job and a text queued
 * in sms_outbox (a verified phone only; never a number that sent STOP). Only humans are notified; agents hear by
 * webhook. A repeat of the same `dedupeKey` does nothing and returns null.
 */
export async function notify(tx: Tx, options: NotifyOptions) {
  const [row] = await notifyMany(tx, [options]);
  return row ?? null;
}
