import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderClientSchema, SCHEMA_FILE, SCHEMA_PATH } from './render-schema';

// The client types on disk (written at install, not committed) must be what today's OpenAPI document makes.
describe('typed client schema', () => {
  it('matches the OpenAPI document (run `npm run client:generate` when this fails)', async () => {
    const onDisk = readFileSync(SCHEMA_FILE, 'utf8');
    const fresh = await renderClientSchema();
    if (onDisk !== fresh) {
      const onDiskLines = onDisk.split('\n');
      const freshLines = fresh.split('\n');
      const line = freshLines.findIndex((text, index) => text !== onDiskLines[index]);
      expect.fail(
        `${SCHEMA_PATH} is out of date with the OpenAPI document: run \`npm run client:generate\`.\n` +
          `First difference at line ${line + 1}:\n  on disk:   ${onDiskLines[line]}\n  generated: ${freshLines[line]}`,
      );
    }
  });
});
