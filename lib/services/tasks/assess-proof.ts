import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { type Task, uploads } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { ProofBody } from '@/lib/schemas/task-actions';
import { findReusedPhotos } from '@/lib/services/uploads/find-reused-photos';
import type { ProofVerification } from '@/lib/tasks/proof-verification';
import { type PhotoEvidence, verifyProof } from '@/lib/tasks/verify-proof';

export type AssessProofOptions = { task: Task; workerId: string; proof: ProofBody; submittedAt: Date };
export type ProofAssessment = { photoIds: string[]; photos: PhotoEvidence[]; verification: ProofVerification };

/**
 * The verdict a proof would get now, for the submit and its dry run alike: the photos must be the worker's own
 * uploads (else 400 naming each), read with their evidence in the order sent.
 */
export async function assessProof(
  tx: Tx,
  { task, workerId, proof, submittedAt }: AssessProofOptions,
): Promise<ProofAssessment> {
  const photoIds = [...new Set(proof.photoIds ?? [])];
  const rows =
    photoIds.length === 0
      ? []
      : await tx
          .select(evidenceColumns)
          .from(uploads)
          .where(and(inArray(uploads.id, photoIds), eq(uploads.userId, workerId)));
  const missing = photoIds.filter((id) => !rows.some((row) => row.uploadId === id));
  if (missing.length > 0) {
    throw new ApiError('VALIDATION_ERROR', {
      message: 'The proof does not meet the task’s requirements',
      hint: 'Upload each photo with POST /v1/uploads first and send the returned ids.',
      issues: missing.map((id) => ({
        path: ['photoIds', String(photoIds.indexOf(id))],
        message: `Unknown upload ${id}`,
      })),
    });
  }
  const photos = photoIds.flatMap((id) => rows.filter((row) => row.uploadId === id));
  const reusedUploadIds = await findReusedPhotos(tx, { taskId: task.id, photos });
  const verification = verifyProof({
    task,
    proof: { ...proof, photoIds },
    photos,
    reusedUploadIds,
    submittedAt,
  });
  return { photoIds, photos, verification };
}

const evidenceColumns = {
  uploadId: uploads.id,
  capturedAt: uploads.capturedAt,
  capturedAtFloating: uploads.capturedAtFloating,
  gpsLat: uploads.gpsLat,
  gpsLng: uploads.gpsLng,
  gpsAccuracyMeters: uploads.gpsAccuracyMeters,
  captureSource: uploads.captureSource,
  deviceLat: uploads.deviceLat,
  deviceLng: uploads.deviceLng,
  deviceAccuracyMeters: uploads.deviceAccuracyMeters,
  deviceCapturedAt: uploads.deviceCapturedAt,
  pixelSha256: uploads.pixelSha256,
  perceptualHash: uploads.perceptualHash,
};
