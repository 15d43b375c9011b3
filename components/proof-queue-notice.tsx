import type { QueuedSubmit } from './offline/proof-queue';
import { Button } from './ui/button';
import { Notice } from './ui/notice';

const WORDS = {
  waiting: 'Waiting: your proof is kept on this device and is sent when you are back online.',
  uploading: 'Sending your proof…',
  sent: 'Sent.',
} as const;

/**
 * Where the proof kept on the device stands: waiting, sending, failed (with Retry) or refused because the task was
 * cancelled or is no longer the worker's (kept until Discard).
 */
export function ProofQueueNotice({
  submit,
  onRetry,
  onDiscard,
}: {
  submit: QueuedSubmit | undefined;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  if (!submit || submit.state === 'draft') return null;
  const state = submit.state;
  return (
    <div className="space-y-2" data-testid="proof-queue" data-state={state}>
      {state === 'failed' || state === 'refused' ? (
        <Notice tone="error">{submit.error ?? 'The proof could not be sent.'}</Notice>
      ) : (
        <Notice tone={state === 'sent' ? 'success' : 'info'}>{WORDS[state]}</Notice>
      )}
      {(state === 'failed' || state === 'refused') && (
        <div className="flex flex-wrap gap-3">
          {state === 'failed' && (
            <Button variant="secondary" compact onClick={onRetry}>
              Retry
            </Button>
          )}
          <Button variant="danger" compact onClick={onDiscard}>
            Discard the proof on this device
          </Button>
        </div>
      )}
    </div>
  );
}
