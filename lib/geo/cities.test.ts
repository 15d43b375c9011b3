import { describe, expect, it } from 'vitest';
import { CITIES, cityMentionedIn, searchCities } from './cities';

describe('searchCities', () => {
  it('finds a city by the start of its name, ignoring case and accents', () => {
    expect(searchCities('sao p')[0]).toMatchObject({ name: 'São Paulo', country: 'BR' });
    expect(searchCities('PARIS')[0]).toMatchObject({ name: 'Paris', lat: 48.8566, lng: 2.3522 });
  });

  it('lists prefix matches before names that only contain the text, up to the limit', () => {
    const found = searchCities('an', 50).map((city) => city.name);
    const prefixed = found.filter((name) => name.toLowerCase().startsWith('an'));
    expect(prefixed).toEqual(['Antwerp', 'Ankara']);
    expect(found.slice(0, 2)).toEqual(prefixed);
    expect(found).toContain('Milan');
    expect(searchCities('a', 5)).toHaveLength(5);
  });

  it('answers nothing for empty input or an unknown place', () => {
    expect(searchCities('  ')).toEqual([]);
    expect(searchCities('Atlantis')).toEqual([]);
  });

  it('holds valid coordinates and ISO country codes', () => {
    for (const city of CITIES) {
      expect(city.lat).toBeGreaterThanOrEqual(-90);
      expect(city.lat).toBeLessThanOrEqual(90);
      expect(city.lng).toBeGreaterThanOrEqual(-180);
      expect(city.lng).toBeLessThanOrEqual(180);
      expect(city.country).toMatch(/^[A-Z]{2}$/);
    }
  });
});

describe('cityMentionedIn', () => {
  it('finds the city a free text names, as whole words, the longest name first', () => {
    expect(cityMentionedIn('need someone to pick up a parcel at 12 rue X in LYON by 5 pm')?.name).toBe('Lyon');
    expect(cityMentionedIn('a shop in San Francisco, near the park')?.name).toBe('San Francisco');
    expect(cityMentionedIn('photos in Zürich please')?.country).toBe('CH');
    expect(cityMentionedIn('Lyonnesse is not a city')).toBeNull();
    expect(cityMentionedIn('no place here')).toBeNull();
  });
});
