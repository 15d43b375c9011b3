// Runs once when a Next.js server process starts: migrations are applied at boot, not on the first
// request, and the periodic jobs begin. Skipped while `next build` collects pages.
export async function register(): Promise<void> {
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  // Next compiles this file for the Edge runtime too, where NEXT_RUNTIME is a constant: the import below is then
  // dropped, so the boot code (process.exit, the database drivers) never reaches that bundle. With the test as an
  // early return instead, the Edge compile kept it and warned about process.exit on every rebuild of `next dev`.
  if (process.env.NEXT_RUNTIME === 'nodejs') await import('./instrumentation-node').then((boot) => boot.boot());
}
