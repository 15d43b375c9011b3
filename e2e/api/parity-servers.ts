import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The two servers router-parity.spec.ts compares, on one database: the production server is started by
// scripts/bench-server.ts's startServer with `siteEnv`; plain Next by `nextStart`.

/** What the suite's own server runs with (playwright.config.ts), for this base URL. */
export const siteEnv = (base: string) => ({
  SITE_URL: base,
  NEXTAUTH_URL: base,
  AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
  POSTGRES_URL: '',
  RESEND_API_KEY: '',
  LEGWORK_DEV_MAILBOX: '1',
  WEBHOOKS_ALLOW_PRIVATE_URLS: '1',
  TRUSTED_PROXIES: 'loopback',
  TELNYX_API_KEY: '',
});

/** Plain `next start`: no server.ts, so Next serves every request, the API's included. */
export function nextStart(base: string, databaseUrl: string): ChildProcess {
  const { port } = new URL(base);
  return spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', port, '-H', '127.0.0.1'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...siteEnv(base),
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'legwork-parity-')),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  });
}
