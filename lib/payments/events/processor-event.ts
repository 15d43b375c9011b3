import { z } from 'zod';

// The part of a Stripe event we rely on. The built-in test-mode processor emits the same shape, so both
// adapters go through one set of handlers.
export const processorEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  livemode: z.boolean(),
  created: z.number().int(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

export type ProcessorEvent = z.infer<typeof processorEventSchema>;
