import { z } from 'zod';
import { timestamp } from './common';

export const workerLocationSchema = z
  .object({
    lat: z.number().describe('Latitude: exact for the profile’s owner, rounded to 2 decimals (~1 km) for anyone else.'),
    lng: z
      .number()
      .describe('Longitude: exact for the profile’s owner, rounded to 2 decimals (~1 km) for anyone else.'),
    city: z.string().nullable(),
    region: z.string().nullable(),
    country: z.string().nullable(),
  })
  .describe('Where the worker is based. The home position is private: only the owner sees it exactly.')
  .meta({ id: 'WorkerLocation' });

/** The public worker profile (spec "Worker profile", plus the listing fields DESIGN adds). */
export const workerProfileSchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    displayName: z.string().nullable(),
    headline: z.string().nullable(),
    bio: z.string().nullable(),
    skills: z.array(z.string()).nullable(),
    skillDetails: z
      .array(z.object({ category: z.string(), capability: z.string(), level: z.enum(['yes', 'maybe']) }).loose())
      .describe('Capabilities answered yes or maybe (the answers themselves stay private).'),
    photos: z.array(z.string()).describe('Photo URLs.'),
    hourlyRateCents: z.number().int().nullable(),
    minPriceCents: z
      .number()
      .int()
      .nullable()
      .describe('The least budget the worker takes, in cents; null when they set none (docs/tasks.md "Offers").'),
    location: workerLocationSchema.nullable(),
    defaultRadiusMeters: z.number().int(),
    averageRating: z.string().nullable().describe('Mean rating as a decimal string, e.g. "4.75"; null before any.'),
    completedTasks: z.number().int(),
    verificationTier: z.number().int().describe('0: nothing verified; 1: ID verified.'),
    isAvailable: z.boolean(),
    isListed: z.boolean(),
    createdAt: timestamp,
  })
  .meta({ id: 'WorkerProfile' });

export type WorkerProfileResource = z.infer<typeof workerProfileSchema>;
