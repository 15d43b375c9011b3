import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderClientSchema, SCHEMA_FILE, SCHEMA_PATH } from './render-schema';

// The committed client types must be exactly what the generator makes from today's OpenAPI document.
describe('typed client schema', () => {
  it('matches the OpenAPI document (run `npm run client:generate` when this fails)', async () => {
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    const fresh = await renderClientSchema();
    if (committed !== fresh) {
      const committedLines = committed.split('\n');
      const freshLines = fresh.split('\n');
      const line = freshLines.findIndex((text, index) => text !== committedLines[index]);
      expect.fail(
        `${SCHEMA_PATH} is out of date with the OpenAPI document: run \`npm run client:generate\` and commit it.\n` +
          `First difference at line ${line + 1}:\n  committed: ${committedLines[line]}\n  generated: ${freshLines[line]}`,
      );
    }
  });
});
