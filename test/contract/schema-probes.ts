import type { z } from 'zod';

// Bad inputs derived from an operation's own zod schemas, so the contract suite needs no per-route table for them.

type Def = { type: string; shape?: Record<string, z.ZodType>; in?: z.ZodType; innerType?: z.ZodType };

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

/** The fields of an object schema, looking through pipes (transforms) and optional/nullable/default wrappers. */
export function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  let current: z.ZodType | undefined = schema;
  while (current) {
    const def = current._zod.def as Def;
    if (def.type === 'object') return def.shape;
    if (def.type === 'pipe') current = def.in;
    else if (WRAPPERS.has(def.type)) current = def.innerType;
    else return undefined;
  }
  return undefined;
}

const WRONG_TYPES: unknown[] = [12345, 'not-the-right-type', true];

/** A field of the body and a value of the wrong JSON type for it (zod answers `invalid_type`), if one exists. */
export function wrongTypeField(body: z.ZodType): { field: string; value: unknown } | undefined {
  for (const [field, schema] of Object.entries(objectShape(body) ?? {})) {
    for (const value of WRONG_TYPES) {
      const result = schema.safeParse(value);
      if (!result.success && result.error.issues.some((issue) => issue.code === 'invalid_type')) {
        return { field, value };
      }
    }
  }
  return undefined;
}

const MALFORMED_IDS = ['not-an-id', 'x'.repeat(300)];

/** A path value this param's schema refuses, or undefined when it takes any string (an opaque token). */
export function malformedValue(params: z.ZodType, name: string): string | undefined {
  const schema = objectShape(params)?.[name];
  return MALFORMED_IDS.find((value) => schema && !schema.safeParse(value).success);
}

/** The names of the path params of an OpenAPI-style path, e.g. `/v1/tasks/{id}` -> ['id']. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}

/** The concrete path for `values`, e.g. `/v1/tasks/{id}` with {id: 'x'} -> `/v1/tasks/x`. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}
