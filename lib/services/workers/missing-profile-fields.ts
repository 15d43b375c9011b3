import type { WorkerProfile } from '@/db/schema';

const blank = (value: string | null) => value === null || value.trim() === '';

type ListingFields = Pick<
  WorkerProfile,
  'displayName' | 'headline' | 'bio' | 'skills' | 'hourlyRateCents' | 'lat' | 'lng'
>;

/** Spec "Worker listing flag"; in a stable order. */
export function missingProfileFields(profile: ListingFields): string[] {
  const missing: string[] = [];
  if (blank(profile.displayName)) missing.push('displayName');
  if (blank(profile.bio) && blank(profile.headline)) missing.push('bio or headline');
  if (!profile.skills || profile.skills.length === 0) missing.push('skills');
  if (profile.hourlyRateCents === null) missing.push('hourlyRateCents');
  if (profile.lat === null || profile.lng === null) missing.push('location');
  return missing;
}
