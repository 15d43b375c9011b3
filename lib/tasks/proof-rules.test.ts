import { describe, expect, it } from 'vitest';
import { missingProof } from './proof-rules';

describe('missingProof', () => {
  it('names each missing part by its field', () => {
    expect(missingProof(['photo', 'text', 'gps'], {}).map((issue) => issue.path)).toEqual([
      ['note'],
      ['photoIds'],
      ['location'],
    ]);
  });

  it('a receipt is a photo; a blank note is no note', () => {
    expect(missingProof(['receipt'], { photoIds: [] })).toEqual([
      { path: ['photoIds'], message: 'This task requires at least one photo' },
    ]);
    expect(missingProof(['text'], { note: '  ' }).map((issue) => issue.path)).toEqual([['note']]);
  });

  it('complete proof, or no requirements: nothing missing', () => {
    expect(
      missingProof(['photo', 'text', 'gps'], { note: 'Done', photoIds: ['a'], location: { lat: 1, lng: 2 } }),
    ).toEqual([]);
    expect(missingProof([], {})).toEqual([]);
  });
});
