import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';

// `npm run fuzz`: the property-based API tests (test/fuzz/operations.fuzz.test.ts) at length, from a random seed.
// `npm test` runs the same file briefly with a fixed seed. Arguments go to vitest: `npm run fuzz -- -t createTask`.
// FUZZ_SEED replays a run, FUZZ_RUNS sets the cases per operation, FUZZ_SHRINK=1 shrinks a failing case first.

const seed = process.env.FUZZ_SEED ?? String(randomInt(2 ** 31));
const runs = process.env.FUZZ_RUNS ?? '40';
console.log(`fuzz: FUZZ_SEED=${seed} FUZZ_RUNS=${runs}`);
const result = spawnSync('npx', ['vitest', 'run', 'test/fuzz/operations.fuzz.test.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs, FUZZ_VERBOSE: process.env.FUZZ_VERBOSE ?? '1' },
});
if (result.status !== 0) {
  console.log(`\nfuzz FAILED with FUZZ_SEED=${seed}; replay it with: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz`);
  console.log("(add -- -t '<METHOD /v1/path>' to replay one operation; each failure above shows its request)");
}
process.exit(result.status ?? 1);
