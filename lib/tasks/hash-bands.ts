/** The four 16-bit bands of a 64-bit perceptual hash, lowest first, each unsigned (the `proof_photos` band columns). */
export function hashBands(hash: bigint): [number, number, number, number] {
  const bits = BigInt.asUintN(64, hash);
  const band = (index: number) => Number((bits >> BigInt(16 * index)) & 0xffffn);
  return [band(0), band(1), band(2), band(3)];
}

/** A band's value and its 16 one-bit neighbours: every value within one differing bit of it. */
export function bandNeighbours(band: number): number[] {
  return [band, ...Array.from({ length: 16 }, (_, bit) => band ^ (1 << bit))];
}
