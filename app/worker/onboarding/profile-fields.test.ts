import { describe, expect, it } from 'vitest';
import { missingFieldNotes, missingSentence } from './profile-fields';

describe('what a profile lacks, in words', () => {
  it('says the missing fields as one sentence', () => {
    expect(missingSentence(['bio or headline', 'skills'])).toBe(
      'Add a headline or a bio and at least one skill to be listed.',
    );
    expect(missingSentence(['displayName', 'hourlyRateCents', 'location'])).toBe(
      'Add a display name, an hourly rate and your city to be listed.',
    );
    expect(missingSentence([])).toBe('');
  });

  it('puts a note under each form field listing needs', () => {
    expect(missingFieldNotes(['skills', 'location'])).toEqual({
      skills: 'Add at least one skill to be listed',
      city: 'Add your city to be listed',
    });
  });
});
