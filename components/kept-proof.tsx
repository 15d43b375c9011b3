'use client';

import { useCallback, useEffect, useState } from 'react';
import type { QueuedSubmit } from './offline/proof-queue';
import { discardTask, readRecord, taskPhotos } from './offline/proof-store';
import { flushProofQueue, PROOF_CHANNEL } from './offline/proof-sync';
import { ProofQueueNotice } from './proof-queue-notice';
import { Card } from './ui/card';

/**
 * Proof still kept on this device for a task whose proof form is gone (cancelled, no longer the worker's, or
 * already submitted elsewhere): its state and the refusal, and Discard. Nothing shows when the device keeps none.
 */
export function KeptProof({ taskId }: { taskId: string }) {
  const [kept, setKept] = useState<{ submit: QueuedSubmit | undefined; photos: number }>();

  const read = useCallback(async () => {
    const [submit, photos] = await Promise.all([readRecord('submits', taskId), taskPhotos(taskId)]);
    setKept(submit || photos.length ? { submit, photos: photos.length } : undefined);
  }, [taskId]);

  useEffect(() => {
    read()
      .then(() => (navigator.onLine ? flushProofQueue().then(read) : undefined))
      .catch(() => {});
    const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(PROOF_CHANNEL);
    if (channel) channel.onmessage = () => read().catch(() => {});
    return () => channel?.close();
  }, [read]);

  if (!kept) return null;
  const submit: QueuedSubmit | undefined =
    kept.submit?.state === 'draft' ? { ...kept.submit, state: 'refused', error: null } : kept.submit;
  return (
    <Card title="Proof kept on this device" testId="kept-proof">
      <p className="text-sm text-stone-600">
        {kept.photos === 1 ? '1 photo' : `${kept.photos} photos`} and the note you took for this task are still on this
        phone.
      </p>
      <ProofQueueNotice
        submit={
          submit ?? {
            taskId,
            key: '',
            note: '',
            location: null,
            photoKeys: [],
            state: 'refused',
            error: null,
            claimedAt: null,
          }
        }
        onRetry={() => flushProofQueue().then(read)}
        onDiscard={() => discardTask(taskId).then(read)}
      />
    </Card>
  );
}
