// The Node.js half of instrumentation.ts: what a server process does once at start.
export async function boot(): Promise<void> {
  // Settings are checked before anything else: a bad value (or live x402 settings that would lose money, see
  // lib/env.ts) stops the process with a message naming the variable, instead of failing on some later request.
  const { env } = await import('./lib/env');
  try {
    env();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const { startBackgroundJobs } = await import('./lib/jobs/start-background-jobs');
  const { logger } = await import('./lib/logger');
  await startBackgroundJobs().catch((error) =>
    // The first request retries the open; /v1/health/deep reports the database as down meanwhile.
    logger.error('database unavailable at boot', { error }),
  );
}
