import type { Tx } from '@/db/client';
import type { NotificationKind } from '@/db/schema';
import { notifyMany } from './notify-many';

export type NotifyOptions = {
  userId: string;
  kind: NotificationKind;
  /** One line: "Dana accepted “Photograph the bakery front”". */
  title: string;
  /** A sentence or two; plain text (emails and texts carry it as it is). */
  body: string;
  taskId?: string | null;
  /** The page it is about, as a path for this person (`/worker/tasks/<id>` or `/dashboard/tasks/<id>`). */
  link?: string | null;
  /** What caused it (an event id, or `<kind>:<task>:<…>`): the same cause notifies a person once. */
  dedupeKey: string;
};

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
