// `npm run ledger:check`: verifies the ledger invariants on the configured database; exits 1 on a violation.
import { databaseConfigFromEnv, openDatabase } from '../db/client';
import { checkLedgerInvariants } from '../lib/payments/ledger/check-ledger-invariants';

const database = await openDatabase(databaseConfigFromEnv());
const violations = await checkLedgerInvariants(database);
await database.close();
for (const violation of violations) console.error(`ledger: ${violation.rule}: ${violation.detail}`);
console.log(violations.length === 0 ? 'ledger ok: all invariants hold' : `${violations.length} violation(s)`);
process.exit(violations.length === 0 ? 0 : 1);
