// `npm run client:generate`: writes the typed client's schema (lib/client/schema.d.ts) from the OpenAPI
// document, built in-process from lib/schemas/operations.ts. Run it after changing an operation; the drift
// test (lib/client/schema-drift.test.ts) fails until you do.
import { writeFileSync } from 'node:fs';
import { renderClientSchema, SCHEMA_FILE, SCHEMA_PATH } from '../lib/client/render-schema';

writeFileSync(SCHEMA_FILE, await renderClientSchema());
console.log(`wrote ${SCHEMA_PATH}`);
