import { ApiError } from '@/lib/errors/api-error';
import type { ProofCheck } from '@/lib/tasks/proof-verification';

const FLOOR_WORDS: Record<string, { message: string; hint: string }> = {
  location: {
    message: 'The task requires photos taken at its place, and the location check did not pass',
    hint: 'Take the photo at the task’s place with location turned on, then submit again.',
  },
  in_app_capture: {
    message: 'The task requires photos taken in the Legwork app, and the in-app capture check did not pass',
    hint: 'Take the photo with the camera in the Legwork app instead of picking one from the gallery, then submit again.',
  },
};

/** The refusal of a proof below the requester's floor: which check, what it found, and what the worker can do. */
export function proofCheckFailed({ check, result, detail }: ProofCheck) {
  const words = FLOOR_WORDS[check];
  return new ApiError('PROOF_CHECK_FAILED', { ...words, details: { check, result, detail } });
}
