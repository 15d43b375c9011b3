import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { coarseDegrees, coarseDegreesSql, coarseMetersSql } from './coarse-position';

// Search measures from the position a profile shows, so the SQL and TypeScript roundings must agree exactly,
// halves included (PostgreSQL's round(float8) rounds them to even; these round them up, like Math.round).
const DEGREES = [48.8566, 2.3522, -33.86849, 151.20732, 0.125, -0.125, 12.345, -45.665, 179.996, -179.996, 90, -90, 0];

describe('coarse positions', () => {
  it('round a coordinate to 0.01°, halves up', () => {
    expect(DEGREES.map(coarseDegrees)).toEqual([
      48.86, 2.35, -33.87, 151.21, 0.13, -0.12, 12.35, -45.66, 180, -180, 90, -90, 0,
    ]);
  });

  it('round the same in SQL as in TypeScript, and distances to the nearest 100 m', async () => {
    const database = await getDatabase();
    const text = `select ${coarseDegreesSql('$1::float8')} as degrees, ${coarseMetersSql('$2::float8')} as meters`;
    for (const [index, degrees] of DEGREES.entries()) {
      const meters = [0, 49.9, 50, 149.999, 1_234.5, 19_950, 250, 350, 4_449.99, 1, 99, 100, 160_050][index];
      const [row] = await database.query<{ degrees: number; meters: number }>('coarse_position_test', text, [
        degrees,
        meters,
      ]);
      expect(Number(row?.degrees), String(degrees)).toBe(coarseDegrees(degrees));
      expect(Number(row?.meters), String(meters)).toBe(Math.floor((meters ?? 0) / 100 + 0.5) * 100);
    }
  });
});
