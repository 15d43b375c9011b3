import type { Task } from '@/db/schema';

// The escrow empties inside the transition's transaction, so the status and the money move together or not at all.
export type HeldTask = { task: Task; requesterOwnerId: string | null };
