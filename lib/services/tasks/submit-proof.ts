import type { Db } from '@/db/client';
import type { Task } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import { ApiError, type ValidationIssue } from '@/lib/errors/api-error';
import { haversineMeters } from '@/lib/geo/haversine';
import type { ProofBody } from '@/lib/schemas/task-actions';
import { lockProofPhotos } from '@/lib/services/uploads/lock-proof-photos';
import { recordProofPhotos } from '@/lib/services/uploads/record-proof-photos';
import { missingProof } from '@/lib/tasks/proof-rules';
import { unmetFloor } from '@/lib/tasks/proof-verification';
import { assessProof } from './assess-proof';
import { proofCheckFailed } from './proof-check-failed';
import { runTransition } from './run-transition';

export type SubmitProofOptions = { user: ActorUser; taskId: string; proof: ProofBody };

// The verdict is computed and stored with the submission, so what the requester reads is what held at submit
// time; a check the requester made a floor refuses the proof before anything is stored.
export function submitProof(db: Db, { user, taskId, proof }: SubmitProofOptions) {
  return runTransition(db, {
    taskId,
    action: 'submit',
    caller: { user },
    effect: async (tx, { task }) => {
      const distanceMeters = checkProof(task, proof);
      const submittedAt = new Date();
      if (proof.photoIds?.length) await lockProofPhotos(tx);
      const { photoIds, photos, verification } = await assessProof(tx, { task, workerId: user.id, proof, submittedAt });
      const floor = unmetFloor(task.requiredChecks, verification);
      if (floor) throw proofCheckFailed(floor);
      await recordProofPhotos(tx, {
        taskId: task.id,
        workerId: user.id,
        uploads: photos.map((photo) => ({ ...photo, id: photo.uploadId })),
      });
      const autoApprove = task.autoApprove === 'when_passed' && verification.status === 'passed';
      return {
        proofNote: proof.note ?? null,
        proofPhotoIds: photoIds,
        proofLat: proof.location?.lat ?? null,
        proofLng: proof.location?.lng ?? null,
        proofDistanceMeters: distanceMeters,
        proofVerification: verification,
        autoApproveAt: autoApprove ? new Date(submittedAt.getTime() + task.autoApproveAfterMinutes * 60_000) : null,
        submittedAt,
      };
    },
  });
}

// The body's `location` is the worker's claim, not evidence (the verdict reads the photos), but a `gps` proof
// whose claim is itself outside the task's radius is refused as before. A city's centre is no place to measure.
function checkProof(task: Task, proof: ProofBody): number | null {
  const issues: ValidationIssue[] = missingProof(task.proofRequirements, proof);
  const distanceMeters =
    proof.location && task.lat !== null && task.lng !== null && task.placePrecision !== 'city'
      ? Math.round(haversineMeters(task.lat, task.lng, proof.location.lat, proof.location.lng))
      : null;
  const radius = task.proofRadiusMeters;
  if (task.proofRequirements.includes('gps') && distanceMeters !== null && distanceMeters > radius) {
    issues.push({
      path: ['location'],
      message: `Must be within ${radius} m of the task’s location (it is ${distanceMeters} m away)`,
    });
  }
  if (issues.length > 0) {
    throw new ApiError('VALIDATION_ERROR', {
      message: 'The proof does not meet the task’s requirements',
      hint: 'Fix the fields listed in `issues` and submit again.',
      issues,
    });
  }
  return distanceMeters;
}
