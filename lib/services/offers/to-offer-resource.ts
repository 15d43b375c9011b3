import type { z } from 'zod';
import type { offerSchema } from '@/lib/schemas/offers';
import type { OfferRow } from './offer-rows';

export type OfferResource = z.input<typeof offerSchema>;

const iso = (value: Date | string) => new Date(value).toISOString();

// A pending offer past its expiry reads as `expired` (the status is not stored: db/schema/offers.ts).
export function toOfferResource(row: OfferRow, now = new Date()): OfferResource {
  const expired = row.status === 'pending' && new Date(row.expires_at).getTime() <= now.getTime();
  return {
    id: row.id,
    taskId: row.task_id,
    workerId: row.worker_id,
    workerName: row.display_name,
    workerRating: row.average_rating === null ? null : Number(row.average_rating).toFixed(2),
    workerReviewCount: Number(row.rating_count ?? 0),
    distanceMeters: row.distance_meters === null ? null : Math.round(Number(row.distance_meters)),
    priceCents: Number(row.price_cents),
    proposedTime: row.proposed_time === null ? null : iso(row.proposed_time),
    message: row.message,
    status: expired ? 'expired' : row.status,
    expiresAt: iso(row.expires_at),
    score: Math.round(Number(row.score) * 1000) / 1000,
    createdAt: iso(row.created_at),
  };
}
