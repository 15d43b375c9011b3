import type { Tx } from '@/db/client';
import { adminAuditLog } from '@/db/schema';
import type { AdminCaller } from './admin-caller';

export type AdminAction = {
  /** A dotted verb: `user.suspend`, `dispute.resolve`, `intake.reply`, … */
  action: string;
  target: { type: string; id: string };
  /** Short summaries: the fields that matter, not whole rows. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

// Call it inside the transaction that makes the change, so the row exists exactly when the change does.
export async function recordAdminAction(tx: Tx, admin: AdminCaller, entry: AdminAction): Promise<void> {
  await tx.insert(adminAuditLog).values({
    actorId: admin.user.id,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: admin.ip,
    credentialKind: admin.credential.kind,
    credentialId: admin.credential.id,
  });
}
