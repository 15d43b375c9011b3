import { describe, expect, it } from 'vitest';
import { directionsUrl, distanceOrCity, placeName } from './place';

const berlin = { lat: 52.52437, lng: 13.41053, address: 'Berlin', precision: 'city' as const };

describe('place text', () => {
  it('a city reads "in <city>", never a distance', () => {
    expect(distanceOrCity(berlin, 2_512, 'from the task')).toBe('in Berlin');
    expect(distanceOrCity({ ...berlin, address: null }, null, 'away')).toBe('in 52.5244, 13.4105');
  });

  it('a point or an address gives the distance, or nothing when it is unknown', () => {
    expect(distanceOrCity({ ...berlin, precision: 'point' }, 2_512, 'from the task')).toBe('2.5 km from the task');
    expect(distanceOrCity({ ...berlin, precision: 'address' }, 420, 'away')).toBe('420 m away');
    expect(distanceOrCity({ ...berlin, precision: 'point' }, null, 'away')).toBeNull();
  });

  it('names the place by its address, else its coordinates; directions go to its coordinates', () => {
    expect(placeName({ ...berlin, address: null })).toBe('52.5244, 13.4105');
    expect(directionsUrl(berlin)).toBe('https://www.openstreetmap.org/directions?to=52.52437%2C13.41053');
  });
});
