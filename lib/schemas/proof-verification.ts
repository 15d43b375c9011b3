import { z } from 'zod';
import { CHECK_RESULTS, PROOF_CHECKS, VERIFICATION_STATUSES } from '@/lib/tasks/proof-verification';

export const proofVerificationSchema = z
  .object({
    status: z.enum(VERIFICATION_STATUSES),
    checks: z.array(
      z.object({
        check: z.enum(PROOF_CHECKS),
        result: z.enum(CHECK_RESULTS),
        required: z.boolean(),
        detail: z.string(),
      }),
    ),
  })
  .meta({ id: 'ProofVerification' });
