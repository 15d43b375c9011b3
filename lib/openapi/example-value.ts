// An example value for a JSON Schema (the OpenAPI document's request bodies): what "Try it" on /docs prefills.
// Pure: `$ref`s are looked up in the `schemas` given, and "now" is passed in for dates. An object gets its
// required properties (all of them when none is required, as for an update), a string a readable value that
// fits its format and length, a number the nearest value to 0 its bounds allow, an enum its first member.

export type JsonSchema = { [keyword: string]: unknown };

export type ExampleOptions = {
  /** The document's `components.schemas`, for `#/components/schemas/<Name>` references. */
  schemas?: Record<string, JsonSchema>;
  /** Date-time examples are a week after this. */
  now?: Date;
};

const MAX_DEPTH = 8;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const REF_PREFIX = '#/components/schemas/';

export function exampleValue(schema: JsonSchema, options: ExampleOptions = {}): unknown {
  return build(schema, options, 'value', 0);
}

function build(schema: JsonSchema, options: ExampleOptions, name: string, depth: number): unknown {
  if (depth > MAX_DEPTH) return null;
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref.startsWith(REF_PREFIX) ? options.schemas?.[schema.$ref.slice(REF_PREFIX.length)] : null;
    return target ? build(target, options, name, depth + 1) : null;
  }
  if ('example' in schema) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(choices)) {
    const choice = choices.find((option) => option.type !== 'null') ?? choices[0];
    return choice ? build(choice, options, name, depth + 1) : null;
  }
  if (Array.isArray(schema.allOf)) {
    const parts = (schema.allOf as JsonSchema[]).map((part) => build(part, options, name, depth + 1));
    return parts.every(isPlainObject) ? Object.assign({}, ...parts) : (parts[0] ?? null);
  }
  switch (typeOf(schema)) {
    case 'object':
      return objectExample(schema, options, depth);
    case 'array': {
      const items = (schema.items ?? {}) as JsonSchema;
      const count = Math.max(1, numberOr(schema.minItems, 1));
      return Array.from({ length: count }, () => build(items, options, singular(name), depth + 1));
    }
    case 'string':
      return stringExample(schema, options, name);
    case 'integer':
      return numberExample(schema, true);
    case 'number':
      return numberExample(schema, false);
    case 'boolean':
      return false;
    default:
      return null;
  }
}

function objectExample(schema: JsonSchema, options: ExampleOptions, depth: number): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const keys = required.length > 0 ? required.filter((key) => key in properties) : Object.keys(properties);
  return Object.fromEntries(keys.map((key) => [key, build(properties[key] as JsonSchema, options, key, depth + 1)]));
}

function stringExample(schema: JsonSchema, options: ExampleOptions, name: string): string {
  switch (schema.format) {
    case 'date-time':
      return new Date((options.now ?? new Date()).getTime() + WEEK_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
    case 'date':
      return new Date((options.now ?? new Date()).getTime() + WEEK_MS).toISOString().slice(0, 10);
    case 'email':
      return 'you@example.com';
    case 'uri':
    case 'url':
      return 'https://example.com/webhooks/legwork';
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
  }
  const min = numberOr(schema.minLength, 0);
  const max = numberOr(schema.maxLength, Number.POSITIVE_INFINITY);
  let text = `Example ${words(name)}`;
  while (text.length < min) text += ' example';
  return text.slice(0, max);
}

function numberExample(schema: JsonSchema, integer: boolean): number {
  const minimum = numberOr(
    schema.minimum,
    numberOr(schema.exclusiveMinimum, Number.NEGATIVE_INFINITY) + (integer ? 1 : 0),
  );
  const maximum = numberOr(
    schema.maximum,
    numberOr(schema.exclusiveMaximum, Number.POSITIVE_INFINITY) - (integer ? 1 : 0),
  );
  const value = Math.min(Math.max(0, minimum), maximum);
  return integer ? Math.ceil(value) : value;
}

function typeOf(schema: JsonSchema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  if (typeof type === 'string') return type;
  return schema.properties ? 'object' : schema.items ? 'array' : undefined;
}

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
const isPlainObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
// "requiredSkills" → "required skill", "photoIds" → "photo id": what one item of the list is called.
const singular = (name: string) => name.replace(/s$/, '');
const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
