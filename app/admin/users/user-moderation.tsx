'use client';

import { useState } from 'react';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { Notice } from '@/components/ui/notice';
import type { ModerationState } from './moderate-user';

type ModerationAction = (state: ModerationState, form: FormData) => Promise<ModerationState>;

/**
 * A user row's Suspend (with a required reason) or Unsuspend, each behind a confirmation. What the action did
 * stays shown here after the page refreshes and the row swaps one button for the other.
 */
export function UserModeration({
  who,
  reasonMaxLength,
  suspended,
  suspend,
  unsuspend,
}: {
  who: string;
  /** The API's limit on the reason, shown by the textarea before submit. */
  reasonMaxLength?: number;
  suspended: boolean;
  suspend: ModerationAction;
  unsuspend: ModerationAction;
}) {
  const [done, setDone] = useState<string>();
  const reporting =
    (action: ModerationAction): ModerationAction =>
    async (state, form) => {
      const next = await action(state, form);
      setDone(next.done);
      return next;
    };
  return (
    <div className="space-y-2" data-testid="user-moderation">
      {suspended ? (
        <ConfirmAction
          key="unsuspend"
          action={reporting(unsuspend)}
          label="Unsuspend"
          confirmLabel="Yes, unsuspend"
          confirmVariant="primary"
          compact
        >
          {who}’s sessions and keys, and their agents’ keys, work again. Cancelled tasks stay cancelled.
        </ConfirmAction>
      ) : (
        <ConfirmAction
          key="suspend"
          action={reporting(suspend)}
          label="Suspend"
          confirmLabel="Yes, suspend"
          variant="danger"
          compact
          reason={{
            label: 'Reason for suspending',
            placeholder: 'What they did; kept in the audit log',
            maxLength: reasonMaxLength,
          }}
        >
          {who}’s sessions and keys, and their agents’ keys, stop working at once. Their posted tasks are cancelled and
          refunded, and a listed worker profile is unlisted.
        </ConfirmAction>
      )}
      <Notice tone="success" testId="moderation-notice">
        {done}
      </Notice>
    </div>
  );
}
