import fc from 'fast-check';

// What a careless or hostile client sends instead of a valid value: wrong JSON types, strings that break naive
// code (NUL, lone surrogates, bidi overrides, huge), and edits of a valid body (a field dropped, added, retyped).

export const oddStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'nul\u0000inside',
  '\uD800',
  'lone \uDFFF low',
  '\u202Eright-to-left override\u202C',
  '\u200F\u05E9\u05DC\u05D5\u05DD',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\uFEFFbom',
  'e\u0301\u0301\u0301\u0301',
  '\u2028\u2029',
  '\u{10FFFF}\u{E0001}',
  '%00%ff%2F..%2F',
  "'; drop table users; --",
  '$' + '{7*7}{{7*7}}<script>alert(1)</script>', // a template injection probe, not a template
  '__proto__',
  'NaN',
  '-0',
  '1e400',
  '9007199254740993',
  'x'.repeat(10_000),
  'ü'.repeat(70_000),
);

/** A string of any UTF-16 code units, lone surrogates included. */
const anyUnits = fc.string({ unit: 'binary', maxLength: 30 });

export const hostileString = fc.oneof(oddStrings, anyUnits);

/** A JSON value, likely of the wrong type for whatever field it replaces. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.constantFrom(0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 2, Number.MIN_VALUE),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

const extraKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'userId', ''), anyUnits);

type Path = (string | number)[];

/** Every place in a JSON value a mutation can reach: its own root and each nested field or element. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const paths: Path[] = [prefix];
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      paths.push(...pathsOf(item, [...prefix, Array.isArray(value) ? Number(key) : key]));
    }
  }
  return paths;
}

/** A copy of `value` with `edit` applied to what sits at `path` (the root when the path is empty). */
function editAt(value: unknown, path: Path, edit: (at: unknown, parent: unknown, key: string | number) => unknown) {
  const root: { value: unknown } = { value: structuredClone(value) };
  let parent: Record<string | number, unknown> = root;
  let key: string | number = 'value';
  for (const step of path) {
    parent = parent[key] as Record<string | number, unknown>;
    key = step;
  }
  parent[key] = edit(parent[key], parent, key);
  return root.value;
}

const DROP = Symbol('drop');

/** One edit of a valid JSON value: a field retyped or made hostile, given a NUL, dropped, or joined by an unknown one. */
export function mutated(valid: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(valid);
  return fc
    .tuple(fc.constantFrom(...paths), fc.constantFrom('retype', 'drop', 'extra', 'nul'), wrongValue, extraKey)
    .map(([path, kind, value, key]) => {
      if (kind === 'drop' && path.length > 0) return dropAt(valid, path);
      return editAt(valid, path, (at) => {
        // Postgres refuses NUL in text: a field that lets one through answers 500 (admin search `q` did).
        if (kind === 'nul' && typeof at === 'string') return `${at}\u0000${at}`;
        if (kind !== 'extra' || !at || typeof at !== 'object' || Array.isArray(at)) return value;
        // defineProperty, so `__proto__` becomes an own key that JSON.stringify sends, as a hostile client would.
        return Object.defineProperty({ ...at }, key, { value, enumerable: true, configurable: true, writable: true });
      });
    });
}

function dropAt(valid: unknown, path: Path): unknown {
  const edited = editAt(valid, path, () => DROP);
  return JSON.parse(JSON.stringify(edited, (_, item) => (item === DROP ? undefined : item)));
}

/** Bodies that are not a JSON object at all, as raw text (or bytes that are not UTF-8). */
export const brokenJson = fc.constantFrom<string | Buffer>(
  '',
  '{',
  '{"a":1,}',
  "{'single': 'quotes'}",
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  '\uFEFF{}',
  '[]',
  'null',
  '"just a string"',
  '12',
  'true',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"a":1,"a":2}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `{"deep":${'{"x":'.repeat(2_000)}1${'}'.repeat(2_000)}}`,
  Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0xc0, 0xaf, 0x7d]),
);

/** A path segment nothing can be named by, written as it goes on the wire (already percent-encoded). */
export const badPathSegment = fc.constantFrom(
  'not-an-id',
  'x'.repeat(300),
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  '%7B6f1c2f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f%7D',
  '%00',
  '%FF',
  '%ED%A0%80',
  '%E2%80%AE',
  '%F0%9F%92%A9',
  '%2F',
  '%',
  '%zz',
  '1',
  '-1',
  '1e999',
  'null',
  '%20',
);

/**
 * A query value a schema should refuse, or that breaks a decoder. Percent-encoded already, as it goes on the wire, and
 * cut short: Node's HTTP parser answers a request line past 16 KB with a bare 431 before the API sees it.
 */
export const badQueryValue = fc.oneof(
  fc.constantFrom('%FF', '%ED%A0%80', '%00', '%', '%zz', '-1', '0', '1e999', '9'.repeat(40), 'NaN', 'true', '%20'),
  hostileString.map((value) => percentEncode(value.slice(0, 500))),
);

/** Percent-encodes a string's UTF-8 bytes (a lone surrogate becomes U+FFFD, as any client would send it). */
export function percentEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
