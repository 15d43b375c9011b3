import { env } from '@/lib/env';
import type { JsonSchema } from '@/lib/openapi/example-value';
import { buildOpenApiDocument } from '@/lib/openapi/openapi';
import type { ReferenceGroup } from './reference-browser';
import type { MovesMoney } from './try-it-money';

export type OperationDoc = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: unknown[];
  'x-moves-money'?: MovesMoney;
  // JSON for every operation but file uploads, which are multipart/form-data.
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: { 'application/json': { schema: unknown } } }>;
};

export type ApiDocument = {
  info: { title: string; version: string; description: string };
  tags?: { name: string }[];
  paths: Record<string, Record<string, OperationDoc>>;
  components: { schemas: Record<string, JsonSchema> };
};

export type ReferenceEntry = { method: string; path: string; operation: OperationDoc };

/** One tag's page of the reference, with its operations in the document's order. */
export type ReferenceTag = { tag: string; slug: string; entries: ReferenceEntry[] };

/** The page of a tag: `/docs/reference/tasks`. Not under /docs directly, where /docs/agents is the agent guide. */
export const tagPath = (slug: string) => `/docs/reference/${slug}`;

const slugOf = (tag: string) => tag.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export const plainText = (markdown: string) => markdown.replace(/`/g, '');

/**
 * The OpenAPI document (from /v1/openapi.json's own builder, so the pages never disagree with it) and its operations
 * grouped by their first tag, in the document's tag order. Each tag is a page of its own: all of them on one page
 * came to 1.6 MB of HTML.
 */
export function loadReference(): { document: ApiDocument; tags: ReferenceTag[] } {
  const document = buildOpenApiDocument(env().SITE_URL) as unknown as ApiDocument;
  const tags = new Map<string, ReferenceTag>(
    (document.tags ?? []).map(({ name }) => [name, { tag: name, slug: slugOf(name), entries: [] }]),
  );
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [lowerMethod, operation] of Object.entries(methods)) {
      const tag = operation.tags[0] ?? 'Other';
      if (!tags.has(tag)) tags.set(tag, { tag, slug: slugOf(tag), entries: [] });
      tags.get(tag)?.entries.push({ method: lowerMethod.toUpperCase(), path, operation });
    }
  }
  return { document, tags: [...tags.values()].filter((tag) => tag.entries.length > 0) };
}

/** The sidebar's index of every operation: a link within the page for the current tag's, to its page for others. */
export function referenceIndex(tags: ReferenceTag[], current?: string): ReferenceGroup[] {
  return tags.map(({ tag, slug, entries }) => ({
    tag,
    href: tagPath(slug),
    operations: entries.map(({ method, path, operation }) => ({
      id: operation.operationId,
      method,
      path,
      summary: plainText(operation.summary),
      href: `${tag === current ? '' : tagPath(slug)}#${operation.operationId}`,
    })),
  }));
}
