import { z } from 'zod';
import { CHECK_RESULTS, PROOF_CHECKS, VERIFICATION_STATUSES } from '@/lib/tasks/proof-verification';

export const proofCheckSchema = z
  .object({
    check: z
      .enum(PROOF_CHECKS)
      .describe(
        '`location`: the photos’ EXIF GPS or the app’s capture position within the task’s `proofRadiusMeters`; ' +
          '`capture_time`: taken after the task was accepted and before the submission; `duplicate`: no photo ' +
          'looks like one submitted for another task; `in_app_capture`: taken with the camera in the app, not ' +
          'picked from a gallery; `required_items`: the task’s `proofRequirements` are met.',
      ),
    result: z
      .enum(CHECK_RESULTS)
      .describe('`pass`, `fail`, or `unknown` when the evidence to decide is missing (no GPS, no time, no photo).'),
    required: z
      .boolean()
      .describe(
        'Whether the task needs this check: a required check that is `unknown` makes the verdict `unverified`.',
      ),
    detail: z.string().describe('What the check found, in plain words (e.g. “Taken 120 m from the task’s place”).'),
  })
  .meta({ id: 'ProofCheck' });

export const proofVerificationSchema = z
  .object({
    status: z
      .enum(VERIFICATION_STATUSES)
      .describe(
        '`flagged` when any check failed; else `unverified` when a required check could not run; else `passed`.',
      ),
    checks: z.array(proofCheckSchema).describe('The five checks, always in the same order.'),
  })
  .describe(
    'The verdict on the submission, computed when it was submitted. It only informs: the requester decides ' +
      '(unless the task auto-approves a `passed` one). EXIF can be forged; see docs/tasks.md, “Proof verification”.',
  )
  .meta({ id: 'ProofVerification' });
