'use client';

import { ActionForm } from '@/components/ui/action-form';
import { Notice } from '@/components/ui/notice';
import { SubmitButton } from '@/components/ui/submit-button';
import { type UnsubscribeState, unsubscribeAction } from './actions';

/** The one button of /unsubscribe; the page itself changes nothing (mail scanners open links). */
export function UnsubscribeForm({ token, label }: { token: string; label: string }) {
  return (
    <ActionForm<UnsubscribeState>
      action={unsubscribeAction.bind(null, token)}
      done={(state) =>
        state.done && (
          <Notice tone="success" testId="unsubscribed">
            Done: no more emails about {label}. You still see them in the app.
          </Notice>
        )
      }
    >
      <SubmitButton pendingLabel="Stopping…">Stop these emails</SubmitButton>
    </ActionForm>
  );
}
