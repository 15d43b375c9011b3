import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

// The Server Card's JSON Schema (2020-12), vendored under test/fixtures/mcp-server-card (Apache-2.0, see its
// README.md) so the card is checked offline against the extension's own definition.

const schema = JSON.parse(readFileSync(path.resolve('test/fixtures/mcp-server-card/schema.json'), 'utf8'));
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addSchema(schema, 'server-card');
const validate = ajv.getSchema('server-card#/$defs/ServerCard');
if (!validate) throw new Error('the vendored schema has no $defs/ServerCard');

/** The schema's complaints about `card`, empty when it is a valid Server Card. */
export function serverCardProblems(card: unknown): string[] {
  if (validate?.(card)) return [];
  return (validate?.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
}

/** The fields the schema requires of every card. */
export const SERVER_CARD_REQUIRED: string[] = schema.$defs.ServerCard.required;
