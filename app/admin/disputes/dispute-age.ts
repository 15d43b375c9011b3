// How long a dispute has waited for staff, and how loudly the queue says so. Pure: the queue and its test use it.

/** An open dispute older than this is amber in the queue. */
export const DISPUTE_AMBER_AFTER_HOURS = 48;
/** An open dispute older than this is red. */
export const DISPUTE_RED_AFTER_HOURS = 72;

export type DisputeAgeTone = 'calm' | 'amber' | 'red';

const HOUR_MS = 3_600_000;

/** The tone of a dispute's age: only an open one waits, so a resolved one stays calm whatever its age. */
export function disputeAgeTone(
  dispute: { status: 'open' | 'resolved'; createdAt: string },
  now: Date = new Date(),
): DisputeAgeTone {
  if (dispute.status !== 'open') return 'calm';
  const hours = (now.getTime() - new Date(dispute.createdAt).getTime()) / HOUR_MS;
  if (hours > DISPUTE_RED_AFTER_HOURS) return 'red';
  if (hours > DISPUTE_AMBER_AFTER_HOURS) return 'amber';
  return 'calm';
}

/** The age in whole hours, then days and hours past two days: "under 1 h", "5 h", "3 d 2 h". */
export function disputeAgeLabel(createdAt: string, now: Date = new Date()): string {
  const hours = Math.max(0, Math.floor((now.getTime() - new Date(createdAt).getTime()) / HOUR_MS));
  if (hours < 1) return 'under 1 h';
  if (hours < DISPUTE_AMBER_AFTER_HOURS) return `${hours} h`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}
