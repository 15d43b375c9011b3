import { describe, expect, it } from 'vitest';
import { aboutMinutes, coverageWords, distanceWords } from './coverage-words';

const quote = {
  listedWorkers: 12,
  availableNow: 5,
  matchingSkills: 3,
  medianMinutesToAccept: 25,
  suggestedAcceptWithinMinutes: 45,
  recommendedBudgetCents: 2_400,
  confidence: 'medium' as const,
  sampleSize: 14,
};

describe('coverageWords', () => {
  it('says who is near and what similar tasks took and paid', () => {
    expect(coverageWords(quote, { radiusMeters: 10_000, withSkills: true })).toEqual({
      workers: '12 listed workers within 10 km, 5 available now, 3 with your skills',
      history: 'usually accepted in ~25 min · similar tasks paid $24.00 (medium confidence, 14 tasks)',
    });
  });

  it('leaves skills out when none are asked, and says when there is no history', () => {
    const empty = { ...quote, listedWorkers: 1, medianMinutesToAccept: null, recommendedBudgetCents: null };
    expect(coverageWords(empty, { radiusMeters: 500, withSkills: false })).toEqual({
      workers: '1 listed worker within 500 m, 5 available now',
      history: 'Not enough history here yet',
    });
  });

  it('shows a saturated count as a floor, and one median alone', () => {
    const busy = { ...quote, listedWorkers: 1_000, recommendedBudgetCents: null, sampleSize: 200 };
    expect(coverageWords(busy, { radiusMeters: 2_500, withSkills: false })).toEqual({
      workers: '1,000+ listed workers within 2.5 km, 5 available now',
      history: 'usually accepted in ~25 min (medium confidence, 200 tasks)',
    });
  });

  it('words durations and distances', () => {
    expect([0.2, 25, 59.4, 60, 95, 600, 1_500, 4_320].map(aboutMinutes)).toEqual([
      '~1 min',
      '~25 min',
      '~59 min',
      '~1 h',
      '~1.5 h',
      '~10 h',
      '~25 h',
      '~3 days',
    ]);
    expect([1, 999, 1_000, 12_345].map(distanceWords)).toEqual(['1 m', '999 m', '1 km', '12.3 km']);
  });
});
