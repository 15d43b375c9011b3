import { describe, expect, it } from 'vitest';
import { bandNeighbours, hashBands } from './hash-bands';

describe('hashBands', () => {
  it('splits the 64 bits into unsigned 16-bit bands, lowest first, negative hashes included', () => {
    expect(hashBands(0x0001_0002_0003_0004n)).toEqual([4, 3, 2, 1]);
    expect(hashBands(-1n)).toEqual([0xffff, 0xffff, 0xffff, 0xffff]);
    expect(hashBands(BigInt.asIntN(64, 0x8000_0000_0000_0001n))).toEqual([1, 0, 0, 0x8000]);
  });

  it('a band’s neighbours are itself and the 16 values one bit away', () => {
    const neighbours = bandNeighbours(0);
    expect(neighbours).toHaveLength(17);
    expect(new Set(neighbours)).toEqual(new Set([0, ...Array.from({ length: 16 }, (_, bit) => 1 << bit)]));
  });
});
