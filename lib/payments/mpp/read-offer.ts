import { type MppCredential, readMppCredential } from './credential';
import { MppRejection } from './rejection';

/** A request's MPP credential: read, refused (kept, answered as a 402 with the challenge), or absent. */
export type MppOffer = { credential: MppCredential | MppRejection | null };

export function readMppOffer(request: Request): MppOffer {
  try {
    return { credential: readMppCredential(request.headers.get('authorization')) };
  } catch (error) {
    if (error instanceof MppRejection) return { credential: error };
    throw error;
  }
}
