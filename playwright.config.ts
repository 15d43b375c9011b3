import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The e2e suite runs against a production build (`npm run build` first) on a free port, with a
// throwaway DATA_DIR so it never shares an embedded database with a dev server.
// Workers re-read this file, so the choices are kept in the environment they inherit.
// 3100–3599: below 3659, the one port in the old 3100–3899 range that browsers (and so Next) refuse to use.
process.env.E2E_PORT ??= String(3100 + (process.pid % 500));
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'legwork-e2e-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR;
export const E2E_METRICS_TOKEN = 'e2e-metrics-token-0123456789';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 60_000,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'ui', testDir: './e2e/ui' },
    { name: 'api', testDir: './e2e/api' },
  ],
  webServer: {
    command: `npm start -- -p ${port} -H 127.0.0.1`,
    url: `${baseURL}/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      DATA_DIR: dataDir,
      SITE_URL: baseURL,
      NEXTAUTH_URL: baseURL,
      AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
      NEXT_TELEMETRY_DISABLED: '1',
      DATABASE_URL: '',
      POSTGRES_URL: '',
      // Email goes to the outbox, readable at /dev/mailbox (allowed in this production build only).
      RESEND_API_KEY: '',
      LEGWORK_DEV_MAILBOX: '1',
      // Webhook endpoints in the specs are local receivers on 127.0.0.1.
      WEBHOOKS_ALLOW_PRIVATE_URLS: '1',
      // Tiles from a closed loopback port: every map shows the grid it falls back to offline, with or without a
      // network here.
      MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
      // The specs reach the server from 127.0.0.1 and name their own client address in X-Forwarded-For
      // (e2e/fixtures.ts), as a proxy on the same host would: loopback is a trusted proxy here.
      TRUSTED_PROXIES: 'loopback',
      // The SMS concierge spec: its staff member, and the public half of the key it signs inbound SMS with
      // (e2e/telnyx.ts holds the private half). No TELNYX_API_KEY: texts go to the outbox at /dev/mailbox.
      ADMIN_EMAILS: 'e2e-admin@example.com',
      TELNYX_PUBLIC_KEY: 'ff0XZtss0PYJz4/gq6RGhRGg8ZDhVPI0z6+j9IABp04=',
      TELNYX_API_KEY: '',
      // e2e/api/metrics.spec.ts scrapes both ways: with the token on the main port, and on a port of their own.
      METRICS_TOKEN: E2E_METRICS_TOKEN,
      METRICS_PORT: String(port + 1000),
      // No free minutes after acceptance, so e2e/ui/late-cancel.spec.ts can show a late cancel's fee at once.
      CANCEL_FREE_MINUTES: '0',
    },
  },
});
