import type fc from 'fast-check';

// How long a fuzz run is and where it starts. `npm test` runs the defaults (a fixed seed, a few cases per
// operation); `npm run fuzz` (scripts/fuzz.ts) sets FUZZ_SEED at random and FUZZ_RUNS higher.

const DEFAULT_SEED = 33_2026;
const DEFAULT_RUNS = 3;

/** Each operation gets its own seed from the run's, so one operation's cases do not depend on the others'. */
function operationSeed(seed: number, operationId: string): number {
  let hash = seed | 0;
  for (const char of operationId) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash | 0;
}

export function fuzzSettings() {
  const seed = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
  const runs = Number(process.env.FUZZ_RUNS ?? DEFAULT_RUNS);
  if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(runs) || runs < 1) {
    throw new Error('FUZZ_SEED must be an integer and FUZZ_RUNS a positive integer');
  }
  return {
    seed,
    runs,
    // About a second per case at worst (a long poll parks for one), plus room for a slow machine.
    timeoutPerOperation: 30_000 + runs * 2_000,
    assertOptions: (operationId: string): fc.Parameters<unknown> => ({
      seed: operationSeed(seed, operationId),
      numRuns: runs,
      // Shrinking replays requests against a database the earlier ones changed: slow, and rarely simpler. On asks.
      endOnFailure: process.env.FUZZ_SHRINK !== '1',
    }),
  };
}

/** How the answers fell, by operation and status: proof that generated requests get past validation into services. */
export function statusTally() {
  const counts = new Map<string, Map<number, number>>();
  return {
    count(operationId: string, status: number) {
      const byStatus = counts.get(operationId) ?? new Map<number, number>();
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      counts.set(operationId, byStatus);
    },
    summary(perOperation: boolean): string {
      const total = new Map<string, number>();
      const lines: string[] = [];
      for (const [operationId, byStatus] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
        for (const [status, n] of byStatus) {
          const group = `${Math.floor(status / 100)}xx`;
          total.set(group, (total.get(group) ?? 0) + n);
        }
        const statuses = [...byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
        lines.push(`  ${operationId}: ${statuses.join(' ')}`);
      }
      const head = `fuzz: ${[...total]
        .sort()
        .map(([group, n]) => `${group} ${n}`)
        .join(', ')} over ${counts.size} operations`;
      return perOperation ? [head, ...lines].join('\n') : head;
    },
  };
}
