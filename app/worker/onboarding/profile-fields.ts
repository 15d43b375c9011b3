import type { FormFieldMap } from '@/lib/web/describe-error';

/** The profile form's fields by their API names (POST /v1/workers), with the labels the form shows. */
export const PROFILE_FIELDS: FormFieldMap = {
  displayName: { field: 'displayName', label: 'Display name' },
  headline: { field: 'headline', label: 'Headline' },
  bio: { field: 'bio', label: 'Bio' },
  skills: { field: 'skills', label: 'Skills' },
  hourlyRateCents: { field: 'hourlyRate', label: 'Hourly rate', message: 'Must be between $1.00 and $1,000.00' },
  location: { field: 'city', label: 'City' },
  photos: { field: 'photo', label: 'Photo' },
  acceptWorkerAgreement: { field: 'acceptWorkerAgreement', label: 'Worker Agreement' },
};

/** What listing needs (the API's `details.missing` names) in words, and the form field each one points at. */
const MISSING: Record<string, { words: string; field: string }> = {
  displayName: { words: 'a display name', field: 'displayName' },
  'bio or headline': { words: 'a headline or a bio', field: 'headline' },
  skills: { words: 'at least one skill', field: 'skills' },
  hourlyRateCents: { words: 'an hourly rate', field: 'hourlyRate' },
  location: { words: 'your city', field: 'city' },
};

/** "a, b and c". */
function listed(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** The sentence for a profile that cannot be listed yet: "Add a headline or a bio and at least one skill to be listed." */
export function missingSentence(missing: string[]): string {
  if (missing.length === 0) return '';
  return `Add ${listed(missing.map((name) => MISSING[name]?.words ?? name))} to be listed.`;
}

/** The note under each profile field that listing still needs. */
export function missingFieldNotes(missing: string[]): Record<string, string> {
  const notes: Record<string, string> = {};
  for (const name of missing) {
    const entry = MISSING[name];
    if (entry) notes[entry.field] = `Add ${entry.words} to be listed`;
  }
  return notes;
}
