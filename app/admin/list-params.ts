import { firstParam } from '@/components/query-href';

/** The search parameters Next hands a page. */
export type SearchParams = Record<string, string | string[] | undefined>;

/**
 * A free-text filter from the URL (`q`, `action`): trimmed, without NUL (Postgres refuses it in text), at most
 * `max` characters; undefined when nothing is left, so the list is unfiltered.
 */
export function textParam(value: string | string[] | undefined, max = 200): string | undefined {
  const text = firstParam(value)?.replaceAll('\0', '').trim().slice(0, max);
  return text ? text : undefined;
}

/** A filter that must be one of `allowed` (a status); anything else is no filter. */
export function choiceParam<T extends string>(value: string | string[] | undefined, allowed: readonly T[]) {
  const text = firstParam(value);
  return allowed.find((each) => each === text);
}
