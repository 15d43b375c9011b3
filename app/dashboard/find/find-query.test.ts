import { describe, expect, it } from 'vitest';
import { readFindQuery } from './find-query';

describe('readFindQuery', () => {
  it('reads a picked place and the filters, dollars as cents', () => {
    const query = readFindQuery({
      city: 'Nantes',
      country: 'FR',
      lat: '47.2172',
      lng: '-1.5534',
      category: 'errand',
      maxPrice: '40.5',
      minRating: '4.5',
      free: '7',
    });
    expect(query).toMatchObject({
      place: { city: 'Nantes', country: 'FR', lat: 47.2172, lng: -1.5534 },
      category: 'errand',
      maxPriceCents: 4_050,
      minRating: 4.5,
      freeWithinDays: 7,
      ignored: [],
    });
  });

  it('leaves out what makes no sense and names it, rather than failing', () => {
    const query = readFindQuery({
      lat: '200',
      lng: 'x',
      category: 'yoga',
      maxPrice: '-3',
      minRating: '9',
      free: 'soon',
    });
    expect(query).toMatchObject({
      place: null,
      category: undefined,
      maxPriceCents: undefined,
      minRating: undefined,
      freeWithinDays: undefined,
    });
    expect(query.ignored).toEqual([
      'the place (pick one from the list)',
      'the category “yoga”',
      'the price “-3” (a number of dollars above 0)',
      'the rating “9”',
      'the availability “soon”',
    ]);
    expect(readFindQuery({ city: 'Atlantis' }).ignored).toEqual([
      '“Atlantis” (pick the place from the list as you type)',
    ]);
    expect(readFindQuery({}).ignored).toEqual([]);
  });
});
