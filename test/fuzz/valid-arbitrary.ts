import fc from 'fast-check';
import type { z } from 'zod';

// Values a zod schema accepts, read from the schema itself (zod 4's `_zod.def`): no maintained zod→fast-check bridge
// supports zod 4 (zod-fast-check wants zod 3 and fast-check 3). Refinements the def cannot show (`refine`) are not
// honoured, so a few values are refused anyway; the properties hold for every answer, valid or not.

type Check = {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
};
type CheckDef = Check & { pattern?: RegExp };
type Def = {
  type: string;
  format?: string;
  pattern?: RegExp;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  getter?: () => z.ZodType;
};

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;
const checksOf = (def: Def) => (def.checks ?? []).map((check) => check._zod.def);

/** Longest string or array a valid value is built with: long enough for the bounds, short enough to stay fast. */
const MAX_GENERATED = 40;

export function validArbitrary(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'optional':
      // Left out half the time: each optional field is one more chance to be refused, and a request should
      // often reach the service.
      return fc.option(validArbitrary(required(def.innerType)), { nil: undefined, freq: 2 });
    case 'default':
    case 'prefault':
      return fc.option(validArbitrary(required(def.innerType)), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(validArbitrary(required(def.innerType)), { nil: null });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return validArbitrary(required(def.innerType));
    case 'pipe':
      // What the second stage accepts, unless it is a transform: `string().trim().pipe(email())` wants an email.
      return defOf(required(def.out)).type === 'transform'
        ? validArbitrary(required(def.in))
        : validArbitrary(required(def.out));
    case 'lazy':
      return fc.constant(undefined);
    case 'array':
      return arrayArbitrary(def);
    case 'object':
      return objectArbitrary(def.shape ?? {});
    case 'record':
      return fc.dictionary(
        validArbitrary(required(def.keyType)) as fc.Arbitrary<string>,
        validArbitrary(required(def.valueType)),
        { maxKeys: 3 },
      );
    case 'union':
      return fc.oneof(...(def.options ?? []).map(validArbitrary));
    case 'date':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function required(schema: z.ZodType | undefined): z.ZodType {
  if (!schema) throw new Error('a zod wrapper without its inner type');
  return schema;
}

function objectArbitrary(shape: Record<string, z.ZodType>): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, validArbitrary(field)]));
  // An optional field left out is sent without its key, as a client would, not as `undefined`.
  return fc
    .record(fields)
    .map((value) => Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)));
}

function arrayArbitrary(def: Def): fc.Arbitrary<unknown[]> {
  const checks = checksOf(def);
  const minLength = checks.find((check) => check.check === 'min_length')?.minimum ?? 0;
  const maxLength = checks.find((check) => check.check === 'max_length')?.maximum ?? 4;
  return fc.array(validArbitrary(required(def.element)), { minLength, maxLength: Math.min(maxLength, minLength + 4) });
}

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const formatted = checks.find((check) => check.format) ?? (def.format ? def : undefined);
  if (formatted?.format === 'uuid') return fc.uuid({ version: 4 });
  if (formatted?.format === 'datetime') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (formatted?.pattern) {
    // fast-check cannot match case-insensitively; a value matching the pattern as written matches it either way.
    const pattern = new RegExp(formatted.pattern.source, formatted.pattern.flags.replace('i', ''));
    return fc.stringMatching(pattern).filter((value) => value.length <= 254);
  }
  const minLength = checks.find((check) => check.check === 'min_length')?.minimum ?? 0;
  const maxLength = Math.min(checks.find((check) => check.check === 'max_length')?.maximum ?? 60, MAX_GENERATED);
  return fc.string({ unit: 'grapheme', minLength, maxLength: Math.max(minLength, maxLength) });
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  const checks = checksOf(def);
  const low = checks.find((check) => check.check === 'greater_than');
  const high = checks.find((check) => check.check === 'less_than');
  const integer = checks.some((check) => check.format === 'safeint' || check.format === 'int32');
  if (integer) {
    const min = low ? Math.ceil(low.value ?? 0) + (low.inclusive ? 0 : 1) : -1_000_000;
    const max = high ? Math.floor(high.value ?? 0) - (high.inclusive ? 0 : 1) : 1_000_000_000;
    return fc.integer({ min, max });
  }
  return fc.double({
    min: low?.value ?? -1e9,
    max: high?.value ?? 1e9,
    minExcluded: low ? !low.inclusive : false,
    maxExcluded: high ? !high.inclusive : false,
    noNaN: true,
    noDefaultInfinity: true,
  });
}
