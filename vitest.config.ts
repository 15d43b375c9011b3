import path from 'node:path';
import { defineConfig } from 'vitest/config';

// TEST_DB=pg (default): a fresh database on a real PostgreSQL server, created by test/global-setup.ts.
// TEST_DB=pglite: every test file gets its own in-memory PGlite.
export default defineConfig({
  resolve: { alias: { '@': path.resolve(__dirname) } },
  test: {
    environment: 'node',
    include: ['**/*.test.ts'],
    // *.pg.test.ts need a real server (several connections standing for several instances).
    exclude: [
      'node_modules/**',
      'e2e/**',
      '.next/**',
      ...(process.env.TEST_DB === 'pglite' ? ['**/*.pg.test.ts'] : []),
    ],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
