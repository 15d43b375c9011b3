import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

// `npm run bench:pwa`: the e2e suite's server and browser settings, for the one measurement below (not a test: it
// prints figures with PASS or MISS and never fails on a slow run).
export default defineConfig({
  ...base,
  testDir: '../../e2e/bench',
  testMatch: /\.bench\.ts$/,
  retries: 0,
  projects: [{ name: 'bench' }],
});
