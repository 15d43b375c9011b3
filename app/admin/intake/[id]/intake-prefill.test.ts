import { describe, expect, it } from 'vitest';
import { intakePrefill } from './intake-prefill';

describe('intakePrefill', () => {
  it('takes the description from what the person texted, the title from its first sentence, the city it names', () => {
    const form = intakePrefill([
      { direction: 'inbound', body: 'Need someone to photograph a bakery front in Lyon. By Friday please' },
      { direction: 'outbound', body: 'Happy to help. Which budget? (San Francisco is not theirs)' },
      { direction: 'inbound', body: '$25 is fine' },
    ]);
    expect(form.title).toBe('Need someone to photograph a bakery front in Lyon.');
    expect(form.description).toBe('Need someone to photograph a bakery front in Lyon. By Friday please\n$25 is fine');
    expect(form.place).toMatchObject({ city: 'Lyon', country: 'FR' });
    expect(form.budget).toBe('');
  });

  it('cuts a long first text at a word, and leaves the place empty when no city is named', () => {
    const long = `Pick up ${'a very large parcel '.repeat(8)}from the depot`;
    const form = intakePrefill([{ direction: 'inbound', body: long }]);
    expect(form.title.length).toBeLessThanOrEqual(80);
    expect(form.title.endsWith('…')).toBe(true);
    expect(form.title).not.toMatch(/\s…$/);
    expect(form.place).toBeNull();
  });

  it('does not end the title at an abbreviation', () => {
    const form = intakePrefill([{ direction: 'inbound', body: 'Parcel at Hauptstr. 5 in Berlin. By 5 pm' }]);
    expect(form.title).toBe('Parcel at Hauptstr. 5 in Berlin.');
    expect(form.place).toMatchObject({ city: 'Berlin' });
  });
});
