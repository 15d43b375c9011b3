#!/usr/bin/env node
// `npm test`: lint, typecheck, the layer map, unit + integration tests on PostgreSQL and on PGlite, production build,
// a short soak and then Playwright against that build. Stops at the first failing stage and ends with one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const resultsDir = '.test-results';
mkdirSync(resultsDir, { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

const stages = [
  { name: 'lint', command: 'npx biome check .' },
  { name: 'typecheck', command: 'npx tsc --noEmit' },
  { name: 'layers (dependency-cruiser)', command: 'npm run -s lint:layers' },
  {
    name: 'tests on PostgreSQL',
    command: `npx vitest run --reporter=default --reporter=json --outputFile.json=${resultsDir}/vitest-pg.json`,
    report: `${resultsDir}/vitest-pg.json`,
  },
  {
    name: 'tests on PGlite',
    command: `npx vitest run --reporter=default --reporter=json --outputFile.json=${resultsDir}/vitest-pglite.json`,
    env: { TEST_DB: 'pglite' },
    report: `${resultsDir}/vitest-pglite.json`,
  },
  { name: 'build', command: 'npx next build --turbopack' },
  // The soak's short form on that build: two instances, one SIGKILL, every check (docs/operations.md, "Soak").
  {
    name: 'soak (short)',
    command: 'npx tsx scripts/soak.ts',
    env: { SOAK_SECONDS: '20', SOAK_BASELINE_SECONDS: '5', SOAK_FAULTS: 'sigkill', SOAK_DRAIN_SECONDS: '10' },
  },
  {
    name: 'e2e (Playwright, Chromium)',
    command: 'npx playwright test --reporter=list,json',
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${resultsDir}/playwright.json` },
    report: `${resultsDir}/playwright.json`,
  },
];

let passed = 0;
let failed = 0;
for (const stage of stages) {
  console.log(`\n=== ${stage.name}: ${stage.command}`);
  const started = Date.now();
  const result = spawnSync(stage.command, { shell: true, stdio: 'inherit', env: { ...env, ...stage.env } });
  const counts = stage.report ? readCounts(stage.report) : undefined;
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
  }
  console.log(
    `=== ${stage.name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) {
    if (!counts || counts.failed === 0) failed += 1;
    console.log(`\ntests: ${passed} passed, ${failed} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\ntests: ${passed} passed, ${failed} failed`);

function readCounts(file) {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof report.numPassedTests === 'number') {
    return { passed: report.numPassedTests, failed: report.numFailedTests };
  }
  if (report.stats) return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
  return undefined;
}
