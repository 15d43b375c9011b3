import { describe, expect, it } from 'vitest';
import { createBatchLoader } from './batch-loader';

describe('createBatchLoader()', () => {
  it('fetches the keys asked for in one turn together, in order, and answers each caller', async () => {
    const calls: number[][] = [];
    const load = createBatchLoader(async (keys: number[]) => {
      calls.push(keys);
      return keys.map((key) => key * 10);
    });
    expect(await Promise.all([load(1), load(2), load(3)])).toEqual([10, 20, 30]);
    expect(await load(4)).toBe(40);
    expect(calls).toEqual([[1, 2, 3], [4]]);
  });

  it('splits a turn larger than maxBatch into several fetches', async () => {
    const calls: number[][] = [];
    const load = createBatchLoader(async (keys: number[]) => {
      calls.push(keys);
      return keys;
    }, 2);
    expect(await Promise.all([1, 2, 3, 4, 5].map(load))).toEqual([1, 2, 3, 4, 5]);
    expect(calls).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('rejects every caller of a failed fetch, and the next turn fetches again', async () => {
    let fail = true;
    const load = createBatchLoader(async (keys: string[]) => {
      if (fail) throw new Error('database down');
      return keys;
    });
    const results = await Promise.allSettled([load('a'), load('b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await load('c')).toBe('c');
  });
});
