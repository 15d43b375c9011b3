import path from 'node:path';
import { defineConfig } from 'vitest/config';

// TEST_DB=pg (default): a fresh database on a real PostgreSQL server, created by test/global-setup.ts.
// TEST_DB=pglite: every test file gets its own in-memory PGlite.
export default defineConfig({
  resolve: { alias: { '@': path.resolve(__dirname) } },
  test: {
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'e2e/**', '.next/**'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
