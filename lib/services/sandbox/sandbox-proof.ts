import type { Db } from '@/db/client';
import type { Task } from '@/db/schema';
import type { ProofBody } from '@/lib/schemas/task-actions';
import { createUpload } from '@/lib/services/uploads/create-upload';

// A 1×1 PNG: the photo (or receipt) the sandbox worker "takes", stored as its own upload like any worker's.
const SANDBOX_PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

// Always a note, so `text` is met; the task's own location for `gps`.
export async function sandboxProof(db: Db, workerId: string, task: Task): Promise<ProofBody> {
  const required = new Set(task.proofRequirements);
  const proof: ProofBody = { note: `Sandbox worker: done — "${task.title}". This proof was generated in test mode.` };
  if (required.has('photo') || required.has('receipt')) {
    const form = new FormData();
    form.set('file', new Blob([SANDBOX_PHOTO], { type: 'image/png' }), 'sandbox-proof.png');
    const upload = await createUpload(db, workerId, form);
    proof.photoIds = [upload.id];
  }
  if (task.lat !== null && task.lng !== null) proof.location = { lat: task.lat, lng: task.lng };
  return proof;
}
