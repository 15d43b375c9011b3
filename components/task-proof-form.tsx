'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useCallback, useEffect, useRef, useState, useTransition } from 'react';
import { missingProof, type ProofShortfall } from '@/lib/tasks/proof-rules';
import type { ProofVerification } from '@/lib/tasks/proof-verification';
import type { QueuedPhoto, QueuedSubmit } from './offline/proof-queue';
import { deletePhoto, discardTask, putRecord, readRecord, taskPhotos } from './offline/proof-store';
import { flushProofQueue, PROOF_CHANNEL, requestSync, sendPhoto, sendSubmit } from './offline/proof-sync';
import { type Coordinates, ProofLocationFields } from './proof-location-fields';
import { FieldProblem, ProofOutlook } from './proof-outlook';
import { type PickedPhoto, ProofPhotoPicker, pickedOf, uploadOf } from './proof-photo-picker';
import { positionNow } from './proof-photos';
import { ProofQueueNotice } from './proof-queue-notice';
import { captureSource, type ProofRefusal, refusalWords, workerWarnings } from './proof-verdict-words';
import { Button } from './ui/button';
import { TextAreaField } from './ui/field';
import { Notice } from './ui/notice';

/** The proof as the form sends it to its actions: the uploaded photos' ids, the note, the typed position. */
export type ProofDraft = { note: string; photoIds: string[]; lat: string; lng: string };
/** The dry run's answer: the verdict the proof would get now (null when it could not be computed). */
export type ProofCheckState = {
  verification?: ProofVerification | null;
  refusal?: ProofRefusal | null;
  error?: string;
};
export type ProofSubmitState = { done?: boolean; error?: string; refusal?: ProofRefusal };

/** How long the form waits after the last change before asking for the verdict again. */
const CHECK_DELAY_MS = 400;

/**
 * The worker's proof: photos taken in the app or picked from the gallery (each kept on the device as it is picked,
 * with how and when it was taken and, for a camera photo, the browser's position then, and uploaded at once or when
 * the connection returns: components/offline/), a note and an optional position. Before submitting, the worker
 * sees the verdict the proof would get (the dry run, `check`) in words, and may submit anyway; the submit button
 * waits for that verdict, so it is always seen first. Offline, the submit waits on the device too.
 */
export function TaskProofForm({
  taskId,
  check,
  requirements,
  requiredChecks = [],
}: {
  taskId: string;
  check: (draft: ProofDraft) => Promise<ProofCheckState>;
  requirements: string[];
  /** The checks the requester made a floor: a proof failing one is refused. */
  requiredChecks?: string[];
}) {
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [note, setNote] = useState('');
  const [coordinates, setCoordinates] = useState<Coordinates>({ lat: '', lng: '' });
  const [offline, setOffline] = useState(false);
  const [missing, setMissing] = useState<ProofShortfall[]>([]);
  const [verdict, setVerdict] = useState<{
    of: string;
    verification: ProofVerification | null;
    refusal: ProofRefusal | null;
  }>();
  const [result, setResult] = useState<ProofSubmitState>({});
  const [queued, setQueued] = useState<QueuedSubmit>();
  const [pending, startTransition] = useTransition();
  const uploads = useRef(Promise.resolve());
  const asked = useRef(0);
  const previews = useRef(new Map<string, string>());
  const router = useRouter();

  const update = (key: string, change: Partial<PickedPhoto>) =>
    setPhotos((current) => current.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)));

  const previewOf = useCallback((photo: QueuedPhoto) => {
    const known = previews.current.get(photo.key);
    if (known) return known;
    const made = URL.createObjectURL(photo.blob);
    previews.current.set(photo.key, made);
    return made;
  }, []);

  /** The form as the device keeps it: after a reload, a sync by the service worker, another tab. */
  const restore = useCallback(async () => {
    const [kept, submit] = await Promise.all([taskPhotos(taskId), readRecord('submits', taskId)]);
    kept.sort((a, b) => a.capturedAt.localeCompare(b.capturedAt));
    setPhotos((current) => {
      const locating = current.filter((photo) => photo.upload.state === 'locating');
      return [...kept.map((photo) => pickedOf(photo, previewOf(photo))), ...locating];
    });
    setQueued((before) => {
      // Sent by another sender (the service worker): the page shows the server's state now.
      if (before && before.state !== 'draft' && !submit) router.refresh();
      return submit;
    });
    if (submit) setNote((current) => current || submit.note);
  }, [taskId, previewOf, router]);

  useEffect(() => {
    restore()
      .then(() => (navigator.onLine ? flushProofQueue() : undefined))
      .catch(() => {});
    const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(PROOF_CHANNEL);
    if (channel) {
      channel.onmessage = (event: MessageEvent<{ taskId?: string }>) => {
        if (event.data?.taskId === taskId) restore().catch(() => {});
      };
    }
    setOffline(!navigator.onLine);
    const online = () => {
      setOffline(false);
      flushProofQueue()
        .then(restore)
        .catch(() => {});
    };
    const offlineNow = () => setOffline(true);
    window.addEventListener('online', online);
    window.addEventListener('offline', offlineNow);
    return () => {
      channel?.close();
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offlineNow);
    };
  }, [taskId, restore]);

  /** The submit's record, made with the first photo or note: its Idempotency-Key exists from the capture on. */
  async function draftRecord(): Promise<QueuedSubmit> {
    const existing = await readRecord('submits', taskId);
    if (existing) return existing;
    const draft: QueuedSubmit = {
      taskId,
      key: crypto.randomUUID(),
      note: '',
      location: null,
      photoKeys: [],
      state: 'draft',
      error: null,
      claimedAt: null,
    };
    await putRecord('submits', draft);
    return draft;
  }

  function changeNote(value: string) {
    setNote(value);
    setResult({});
    draftRecord()
      .then((draft) => (draft.state === 'draft' ? putRecord('submits', { ...draft, note: value }) : undefined))
      .catch(() => {});
  }

  /** Tries the upload now; without a connection it stays waiting, and a Background Sync is asked for. */
  async function upload(key: string) {
    const after = await sendPhoto(key).catch(() => undefined);
    if (!after) return;
    update(key, { upload: uploadOf(after) });
    if (after.state === 'waiting') await requestSync();
  }

  async function retry(key: string) {
    const photo = (await taskPhotos(taskId)).find((each) => each.key === key);
    if (!photo) return;
    await putRecord('photos', { ...photo, state: 'waiting', error: null, claimedAt: null });
    update(key, { upload: { state: 'uploading' } });
    await upload(key);
  }

  /** Each photo is located (camera only) and uploaded in turn: one user may send only two uploads at once. */
  function pick(files: File[], picked: 'camera' | 'gallery') {
    const capturedAt = new Date().toISOString();
    const added = files.map((file): PickedPhoto => {
      const source = captureSource(picked, file.lastModified);
      const key = crypto.randomUUID();
      const preview = URL.createObjectURL(file);
      previews.current.set(key, preview);
      return {
        key,
        file,
        source,
        position: null,
        capturedAt,
        preview,
        upload: { state: source === 'camera' ? 'locating' : 'uploading' },
      };
    });
    setPhotos((current) => [...current, ...added]);
    setResult({});
    for (const photo of added) {
      uploads.current = uploads.current.then(async () => {
        let position = null;
        if (photo.source === 'camera') {
          const found = await positionNow();
          position = 'position' in found ? found.position : null;
          update(photo.key, { position, missing: 'missing' in found ? found.missing : undefined });
          if (position) fillEmpty(position);
        }
        // Kept on the device before anything is sent: a closed tab or a lost connection loses nothing.
        await draftRecord();
        await putRecord('photos', {
          key: photo.key,
          taskId,
          blob: photo.file,
          name: photo.file instanceof File ? photo.file.name : 'photo',
          source: photo.source,
          position,
          capturedAt: photo.capturedAt,
          state: 'waiting',
          uploadId: null,
          error: null,
          claimedAt: null,
        });
        update(photo.key, { upload: { state: navigator.onLine ? 'uploading' : 'waiting' } });
        await upload(photo.key);
      });
    }
  }

  const fillEmpty = (position: { lat: number; lng: number }) =>
    setCoordinates((current) =>
      current.lat || current.lng ? current : { lat: position.lat.toFixed(6), lng: position.lng.toFixed(6) },
    );

  function remove(key: string) {
    const gone = photos.find((photo) => photo.key === key);
    if (gone) URL.revokeObjectURL(gone.preview);
    previews.current.delete(key);
    deletePhoto(key).catch(() => {});
    setPhotos((current) => current.filter((photo) => photo.key !== key));
    setResult({});
  }

  async function discard() {
    await discardTask(taskId);
    for (const preview of previews.current.values()) URL.revokeObjectURL(preview);
    previews.current.clear();
    setPhotos([]);
    setQueued(undefined);
    setNote('');
    setResult({});
  }

  const uploading = photos.some((photo) => photo.upload.state === 'locating' || photo.upload.state === 'uploading');
  const photoIds = photos.flatMap((photo) => (photo.upload.state === 'done' ? [photo.upload.id] : []));
  const draft: ProofDraft = { note: note.trim(), photoIds, lat: coordinates.lat.trim(), lng: coordinates.lng.trim() };
  const signature = JSON.stringify(draft);
  const empty = photoIds.length === 0 && !draft.note && !(draft.lat && draft.lng);
  // Offline the check cannot run: the form says the proof waits on the device instead of "checking".
  const checking = !uploading && !empty && !offline && verdict?.of !== signature;

  // The verdict follows the proof: asked again a moment after each change, and only the latest answer counts.
  useEffect(() => {
    if (uploading || empty || offline) return;
    const ask = ++asked.current;
    const draftNow = JSON.parse(signature) as ProofDraft;
    const timer = setTimeout(async () => {
      const answer: ProofCheckState = await check(draftNow).catch(() => ({}));
      if (ask !== asked.current) return;
      setVerdict({ of: signature, verification: answer.verification ?? null, refusal: answer.refusal ?? null });
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signature, uploading, empty, offline, check]);

  const verification = verdict?.of === signature ? verdict.verification : null;
  // A check the requester requires, failing now: the submit would be refused, so it is said before.
  const floor = verdict?.of === signature ? verdict.refusal : null;
  const inApp = photos.length > 0 && photos.every((photo) => photo.source === 'camera');
  const warnings = verification ? workerWarnings(verification, { inApp }) : [];

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const shortfalls = missingProof(requirements, {
      note: draft.note,
      photoIds: photos.map((photo) => photo.key),
      location: draft.lat && draft.lng ? { lat: Number(draft.lat), lng: Number(draft.lng) } : null,
    });
    setMissing(shortfalls);
    if (shortfalls.length > 0) {
      setResult({ error: 'The proof is not complete yet: see the fields marked above.' });
      return;
    }
    const failed = photos.find((photo) => photo.upload.state === 'failed');
    if (failed) {
      setResult({ error: 'A photo could not be uploaded: remove it or pick it again.' });
      return;
    }
    startTransition(() => queueSubmit());
  }

  /**
   * Keeps the submit on the device with its key, then sends it if every photo is up; else it goes when they are
   * (the service worker's sync, the `online` event, the next visit). A proof the server refused for a fixable
   * reason (a failed check) gets a new key, since its body changes.
   */
  async function queueSubmit() {
    const before = await draftRecord();
    const submit: QueuedSubmit = {
      ...before,
      key: before.state === 'failed' ? crypto.randomUUID() : before.key,
      note: draft.note,
      location: draft.lat && draft.lng ? { lat: Number(draft.lat), lng: Number(draft.lng) } : null,
      photoKeys: photos.map((photo) => photo.key),
      state: 'waiting',
      error: null,
      claimedAt: null,
    };
    await putRecord('submits', submit);
    setQueued(submit);
    const sent = await sendSubmit(taskId).catch(() => undefined);
    if (!sent || sent.state === 'waiting') {
      await requestSync();
      return;
    }
    if (sent.state === 'sent') {
      setQueued(undefined);
      setResult({ done: true });
      router.refresh();
      return;
    }
    const { attempt } = sent;
    if (attempt.kind === 'answer' && attempt.code === 'PROOF_CHECK_FAILED') {
      const details = attempt.details ?? {};
      setResult({
        refusal: {
          check: String(details.check ?? ''),
          result: String(details.result ?? ''),
          detail: String(details.detail ?? ''),
        },
      });
    }
    setQueued({ ...submit, state: sent.state, error: sent.error });
  }

  const problem = (field: ProofShortfall['path'][0]) => (
    <FieldProblem>{missing.find((shortfall) => shortfall.path[0] === field)?.message}</FieldProblem>
  );
  const waiting = uploading ? 'Uploading your photos…' : checking ? 'Checking your proof…' : undefined;

  return (
    <form onSubmit={send} noValidate className="space-y-3" data-testid="proof-form">
      <p className="text-sm text-stone-600">
        Required: {requirements.join(', ') || 'nothing in particular'}. Every proof needs a note or at least one photo.
        {requiredChecks.includes('location') && ' Photos must be taken at the task’s place, with location allowed.'}
        {requiredChecks.includes('in_app_capture') &&
          ' Photos must be taken with “Take a photo”, not from the gallery.'}
      </p>
      <ProofPhotoPicker photos={photos} onPick={pick} onRemove={remove} onRetry={(key) => retry(key)} />
      {problem('photoIds')}
      <TextAreaField
        label="Note"
        name="note"
        rows={3}
        maxLength={5_000}
        value={note}
        onChange={(event) => changeNote(event.target.value)}
      />
      {problem('note')}
      <ProofLocationFields
        coordinates={coordinates}
        onChange={setCoordinates}
        required={requirements.includes('gps')}
        problem={problem('location')}
      />

      <ProofOutlook verification={verification} warnings={warnings} />
      {(result.refusal ?? floor) && (
        <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="proof-refused">
          {refusalWords((result.refusal ?? floor) as ProofRefusal)}
        </div>
      )}
      <ProofQueueNotice
        submit={queued}
        onRetry={() => startTransition(() => queueSubmit())}
        onDiscard={() => startTransition(() => discard())}
      />
      <Notice tone="error">{result.error}</Notice>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending || Boolean(waiting)}>
          {pending ? 'Submitting…' : warnings.length > 0 ? 'Submit proof anyway' : 'Submit proof'}
        </Button>
        {waiting && (
          <span className="text-xs text-stone-500" aria-live="polite">
            {waiting}
          </span>
        )}
      </div>
    </form>
  );
}
