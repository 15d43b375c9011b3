// `npm run client:generate`, and `postinstall`: writes the typed client's schema (lib/client/schema.d.ts, not
// committed) from the OpenAPI document, built in-process from lib/schemas/operations.ts. Run it after changing an
// operation; the drift test (lib/client/schema-drift.test.ts) fails until you do.
import { writeFileSync } from 'node:fs';

// An install without dev dependencies (a production image) type-checks nothing and lacks openapi-typescript.
if (process.env.npm_config_omit?.split(/[ ,]/).includes('dev')) {
  console.log('client:generate skipped: dev dependencies are omitted');
  process.exit(0);
}
const { renderClientSchema, SCHEMA_FILE, SCHEMA_PATH } = await import('../lib/client/render-schema');
writeFileSync(SCHEMA_FILE, await renderClientSchema());
console.log(`wrote ${SCHEMA_PATH}`);
