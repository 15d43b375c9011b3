import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { type Task, uploads } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import { ApiError, type ValidationIssue } from '@/lib/errors/api-error';
import { haversineMeters } from '@/lib/geo/haversine';
import type { ProofBody } from '@/lib/schemas/task-actions';
import { missingProof } from '@/lib/tasks/proof-rules';
import { PROOF_GPS_RADIUS_METERS } from '@/lib/tasks/task-transitions';
import { runTransition } from './run-transition';

export type SubmitProofOptions = { user: ActorUser; taskId: string; proof: ProofBody };

// Photos must be the worker's own uploads; a gps proof within PROOF_GPS_RADIUS_METERS of the task's location,
// unless that location is only a city's centre: an honest worker there may be kilometres from it.
export function submitProof(db: Db, { user, taskId, proof }: SubmitProofOptions) {
  return runTransition(db, {
    taskId,
    action: 'submit',
    caller: { user },
    effect: async (tx, { task }) => {
      const distanceMeters = checkProof(task, proof);
      const photoIds = [...new Set(proof.photoIds ?? [])];
      if (photoIds.length > 0) {
        const owned = await tx
          .select({ id: uploads.id })
          .from(uploads)
          .where(and(inArray(uploads.id, photoIds), eq(uploads.userId, user.id)));
        const missing = photoIds.filter((id) => !owned.some((row) => row.id === id));
        if (missing.length > 0) {
          throw invalidProof(
            missing.map((id) => ({
              path: ['photoIds', String(photoIds.indexOf(id))],
              message: `Unknown upload ${id}`,
            })),
            'Upload each photo with POST /v1/uploads first and send the returned ids.',
          );
        }
      }
      return {
        proofNote: proof.note ?? null,
        proofPhotoIds: photoIds,
        proofLat: proof.location?.lat ?? null,
        proofLng: proof.location?.lng ?? null,
        proofDistanceMeters: distanceMeters,
        submittedAt: new Date(),
      };
    },
  });
}

function checkProof(task: Task, proof: ProofBody): number | null {
  const issues: ValidationIssue[] = missingProof(task.proofRequirements, proof);
  const required = new Set(task.proofRequirements);
  const distanceMeters =
    proof.location && task.lat !== null && task.lng !== null && task.placePrecision !== 'city'
      ? Math.round(haversineMeters(task.lat, task.lng, proof.location.lat, proof.location.lng))
      : null;
  if (required.has('gps') && distanceMeters !== null && distanceMeters > PROOF_GPS_RADIUS_METERS) {
    issues.push({
      path: ['location'],
      message: `Must be within ${PROOF_GPS_RADIUS_METERS} m of the task’s location (it is ${distanceMeters} m away)`,
    });
  }
  if (issues.length > 0) throw invalidProof(issues, 'Fix the fields listed in `issues` and submit again.');
  return distanceMeters;
}

function invalidProof(issues: ValidationIssue[], hint: string) {
  return new ApiError('VALIDATION_ERROR', { message: 'The proof does not meet the task’s requirements', hint, issues });
}
