// What a proof must carry for a task's `proofRequirements` (DESIGN §4 "Tasks"): one rule for the API
// (lib/services/tasks/submit-proof.ts) and the worker's proof form, which checks it before submitting.

/** The parts of a proof the requirements look at. */
export type ProofParts = {
  note?: string | null;
  photoIds?: readonly string[] | null;
  location?: { lat: number; lng: number } | null;
};

/** One missing part: `path` names the proof's field, as in a VALIDATION_ERROR's `issues`. */
export type ProofShortfall = { path: ['note'] | ['photoIds'] | ['location']; message: string };

/**
 * What `proof` lacks for `requirements`: `text` needs a note, `photo` and `receipt` at least one photo, `gps` a
 * location (how near it must be is checked where the task's own location is known). Empty when it is complete.
 */
export function missingProof(requirements: readonly string[], proof: ProofParts): ProofShortfall[] {
  const required = new Set(requirements);
  const missing: ProofShortfall[] = [];
  if (required.has('text') && !proof.note?.trim()) {
    missing.push({ path: ['note'], message: 'This task requires a written note' });
  }
  if ((required.has('photo') || required.has('receipt')) && !proof.photoIds?.length) {
    missing.push({ path: ['photoIds'], message: 'This task requires at least one photo' });
  }
  if (required.has('gps') && !proof.location) {
    missing.push({ path: ['location'], message: 'This task requires the location the proof was taken at' });
  }
  return missing;
}
