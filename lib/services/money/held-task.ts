import type { Task } from '@/db/schema';

// The two ways a task's escrow empties: back to the requester (cancel, expiry) or to the worker (completion).
// Both run inside the transition's transaction, so the status and the money move together or not at all. They
// take the transition's locked view of the task (with the requester's operator, who hears of the money too).
export type HeldTask = { task: Task; requesterOwnerId: string | null };
