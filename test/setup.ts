import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { type Database, openDatabase, setDatabase } from '@/db/client';
import { flushUsageLog } from '@/lib/api/usage-log';
import { trustPeerHeader } from '@/lib/config/client-address';
import { checkLedgerInvariants } from '@/lib/payments/ledger/check-ledger-invariants';

process.env.LOG_LEVEL ??= 'silent';
// As server.ts does: the tests pass each call's client address as the TCP peer (test/http.ts `ip`).
trustPeerHeader();

let database: Database | undefined;

beforeAll(async () => {
  database =
    process.env.TEST_DB === 'pglite'
      ? await openDatabase({
          driver: 'pglite',
          dataDir: 'memory://',
          snapshot: new Blob([readFileSync(inject('pgliteSnapshot'))]),
        })
      : await openDatabase({ driver: 'pg', url: inject('databaseUrl'), maxConnections: 20 });
  setDatabase(database);
});

afterAll(async () => {
  await flushUsageLog();
  // The ledger invariants must hold after every test file, whatever it did.
  if (database) {
    const violations = await checkLedgerInvariants(database);
    if (violations.length > 0) throw new Error(`ledger invariants broken: ${JSON.stringify(violations)}`);
  }
  setDatabase(undefined);
  await database?.close();
});
