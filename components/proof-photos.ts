// The proof form's photos on their way to the server: where the browser was when a camera photo came in, and
// the upload of each with how it was taken (POST /dashboard/uploads reads `source`, `lat`, `lng`, `accuracy`).

export type CapturePosition = { lat: number; lng: number; accuracy: number };

/** A position, or why there is none: the person said no, or the browser could not tell. */
export type PositionOutcome = { position: CapturePosition } | { missing: 'denied' | 'unavailable' };

/** What the upload found in the photo (the upload response's evidence fields; absent before they exist). */
export type UploadedPhoto = {
  id: string;
  capturedAt?: string | null;
  location?: { lat: number; lng: number; accuracyMeters: number | null } | null;
  hasCameraMetadata?: boolean;
};

/**
 * The browser's position now, asked only when a photo was just taken with the camera. The browser asks the person
 * first; a refusal (or a permission already refused) is an answer, not an error.
 */
export async function positionNow(): Promise<PositionOutcome> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return { missing: 'unavailable' };
  const permission = await navigator.permissions?.query({ name: 'geolocation' }).catch(() => undefined);
  if (permission?.state === 'denied') return { missing: 'denied' };
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ position: { lat: coords.latitude, lng: coords.longitude, accuracy: coords.accuracy } }),
      (error) => resolve({ missing: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}

/** Uploads one proof photo with how it was taken; throws an Error in the API's words when it is refused. */
export async function uploadProofPhoto(
  file: File,
  source: 'camera' | 'gallery',
  position: CapturePosition | null,
): Promise<UploadedPhoto> {
  const body = new FormData();
  body.set('file', file);
  body.set('source', source);
  if (position) {
    body.set('lat', String(position.lat));
    body.set('lng', String(position.lng));
    if (Number.isFinite(position.accuracy)) body.set('accuracy', String(position.accuracy));
  }
  const res = await fetch('/dashboard/uploads', { method: 'POST', body });
  const answer = (await res.json().catch(() => undefined)) as
    | { data?: UploadedPhoto; error?: { message: string; hint: string } }
    | undefined;
  if (!res.ok || !answer?.data) {
    const error = answer?.error;
    throw new Error(error ? `${error.message}. ${error.hint}` : `The upload failed (${res.status})`);
  }
  return answer.data;
}
