'use client';

import type { ChangeEvent } from 'react';
import type { QueuedPhoto } from './offline/proof-queue';
import type { CapturePosition } from './proof-photos';
import { Button, buttonClass } from './ui/button';
import { cx } from './ui/class-names';

/** One photo in the proof form, from the pick to its upload. */
export type PickedPhoto = {
  /** The upload's Idempotency-Key (components/offline/proof-queue.ts). */
  key: string;
  file: Blob;
  /** When it was taken on this device, ISO 8601. */
  capturedAt: string;
  source: 'camera' | 'gallery';
  /** The browser's position when a camera photo came in; `missing` says why there is none. */
  position: CapturePosition | null;
  missing?: 'denied' | 'unavailable';
  preview: string;
  upload:
    | { state: 'locating' | 'uploading' | 'waiting' }
    | { state: 'done'; id: string }
    | { state: 'failed'; error: string };
};

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/**
 * The two ways a photo gets into the proof: "Take a photo" opens the camera on phones (`capture`), "Choose photos
 * from gallery" the files. Each photo shows how it came in ("From gallery" is said, never hidden), whether the
 * app has its position, and its upload.
 */
export function ProofPhotoPicker({
  photos,
  onPick,
  onRemove,
  onRetry,
}: {
  photos: PickedPhoto[];
  onPick: (files: File[], picked: 'camera' | 'gallery') => void;
  onRemove: (key: string) => void;
  /** Sends a failed photo again, with its same key. */
  onRetry?: (key: string) => void;
}) {
  const picked = (how: 'camera' | 'gallery') => (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared, so the same file can be picked again after removing it.
    event.target.value = '';
    if (files.length > 0) onPick(files, how);
  };
  const missing = photos.find((photo) => photo.missing)?.missing;
  return (
    <fieldset className="space-y-2 text-sm" data-testid="proof-photos">
      <legend className="text-stone-700">Photos</legend>
      <div className="flex flex-wrap gap-2">
        <label className={cx(buttonClass({ variant: 'primary' }), 'cursor-pointer focus-within:ring-2')}>
          <input type="file" accept="image/*" capture="environment" className="sr-only" onChange={picked('camera')} />
          Take a photo
        </label>
        <label className={cx(buttonClass({ variant: 'secondary' }), 'cursor-pointer focus-within:ring-2')}>
          <input type="file" accept={IMAGE_TYPES} multiple className="sr-only" onChange={picked('gallery')} />
          Choose photos from gallery
        </label>
      </div>
      <p className="text-xs text-stone-500">
        A photo taken here carries where and when it was taken, so the requester can trust it. Gallery photos are
        allowed, and marked as such.
      </p>
      {photos.length > 0 && (
        <ul className="space-y-2" data-testid="picked-photos">
          {photos.map((photo, index) => (
            <li key={photo.key} className="flex items-center gap-3" data-testid="picked-photo">
              {/* biome-ignore lint/performance/noImgElement: a local preview (object URL), nothing to optimise. */}
              <img
                src={photo.preview}
                alt=""
                className="h-16 w-16 shrink-0 rounded-md border border-stone-200 object-cover"
              />
              <div className="min-w-0 flex-1 space-y-0.5">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">Photo {index + 1}</span>
                  <span
                    className={cx(
                      'rounded-full px-2 py-0.5 text-xs',
                      photo.source === 'gallery' ? 'bg-amber-100 text-amber-800' : 'bg-emerald-100 text-emerald-800',
                    )}
                    data-testid="photo-source"
                  >
                    {photo.source === 'gallery' ? 'From gallery' : 'Taken now'}
                  </span>
                </p>
                <p className="text-xs text-stone-500" data-testid="photo-state" data-state={photo.upload.state}>
                  {photoState(photo)}
                </p>
              </div>
              {photo.upload.state === 'failed' && onRetry && (
                <Button variant="link" compact className="text-xs" onClick={() => onRetry(photo.key)}>
                  Retry
                </Button>
              )}
              <Button variant="link" compact className="text-xs" onClick={() => onRemove(photo.key)}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {missing && (
        <p className="text-xs text-stone-600" data-testid="location-off">
          {missing === 'denied'
            ? 'Location is off, so your photo carries no position from the app. '
            : 'Your position could not be found, so your photo carries no position from the app. '}
          That is fine: the requester will see the place could not be checked.
          {missing === 'denied' && ' You can allow location for this site in your browser’s settings.'}
        </p>
      )}
    </fieldset>
  );
}

function photoState(photo: PickedPhoto): string {
  if (photo.upload.state === 'failed') return photo.upload.error;
  if (photo.upload.state === 'locating') return 'Finding your position…';
  if (photo.upload.state === 'uploading') return 'Uploading…';
  if (photo.upload.state === 'waiting') return 'Waiting for a connection: kept on this device';
  if (photo.source === 'gallery') return 'Uploaded';
  return photo.position ? 'Uploaded, with your position' : 'Uploaded, without a position';
}

/** A queued photo as the picker shows it. */
export function uploadOf(photo: QueuedPhoto): PickedPhoto['upload'] {
  if (photo.state === 'sent' && photo.uploadId) return { state: 'done', id: photo.uploadId };
  if (photo.state === 'failed' || photo.state === 'refused') return { state: 'failed', error: photo.error ?? '' };
  return { state: photo.state === 'uploading' ? 'uploading' : 'waiting' };
}

export const pickedOf = (photo: QueuedPhoto, preview: string): PickedPhoto => ({
  key: photo.key,
  file: photo.blob,
  source: photo.source,
  position: photo.position,
  capturedAt: photo.capturedAt,
  preview,
  upload: uploadOf(photo),
});
