// `npm run db:migrate`: applies pending migrations to the configured database, then exits. The app also
// does this on boot; this is for deploy pipelines that migrate before switching traffic.
import { databaseConfigFromEnv, openDatabase } from '../db/client';

const config = databaseConfigFromEnv();
const database = await openDatabase(config);
await database.close();
console.log(`migrations applied (${config.driver})`);
