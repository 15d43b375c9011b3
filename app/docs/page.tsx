import type { Metadata } from 'next';
import { env } from '@/lib/env';
import { buildOpenApiDocument } from '@/lib/openapi/openapi';
import { TryIt } from './try-it';

// Reads the session cookie (or SITE_URL) per request; never prerendered at build time.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'API reference' };

type OperationDoc = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: unknown[];
  // JSON for every operation but file uploads, which are multipart/form-data.
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: { 'application/json': { schema: unknown } } }>;
};

// `{}` in the list makes the credential optional (POST /v1/mcp).
const AUTH_LABEL = (security: unknown[]) =>
  security.length === 0
    ? 'No authentication'
    : security.map((entry) => Object.keys(entry as object)[0] ?? 'none').join(' or ');

// Rendered from /v1/openapi.json's own builder, so the page can never disagree with the document.
export default function ApiReferencePage() {
  const document = buildOpenApiDocument(env().SITE_URL) as {
    info: { title: string; version: string; description: string };
    paths: Record<string, Record<string, OperationDoc>>;
  };
  const entries = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-semibold">{document.info.title}</h1>
        <p className="text-stone-600">
          Version {document.info.version}. {document.info.description} The machine-readable document is at{' '}
          <a className="underline" href="/v1/openapi.json">
            /v1/openapi.json
          </a>
          .
        </p>
      </header>
      {entries.map(({ path, method, operation }) => (
        <section
          key={`${method} ${path}`}
          id={operation.operationId}
          className="space-y-3 rounded-lg border border-stone-200 bg-white p-5"
        >
          <h2 className="flex items-center gap-3 font-mono text-sm">
            <span className="rounded bg-stone-900 px-2 py-0.5 text-white">{method}</span>
            <span>{path}</span>
            <span className="font-sans text-stone-500">{operation.summary}</span>
          </h2>
          {operation.description && <p className="text-sm text-stone-600">{operation.description}</p>}
          <p className="text-xs text-stone-500">Auth: {AUTH_LABEL(operation.security)}</p>
          <details className="text-sm">
            <summary className="cursor-pointer text-stone-700">Schemas and responses</summary>
            {Object.entries(operation.requestBody?.content ?? {}).map(([mediaType, { schema }]) => (
              <pre key={mediaType} className="mt-2 overflow-x-auto rounded bg-stone-100 p-3 text-xs">
                {`${mediaType}\n${JSON.stringify(schema, null, 2)}`}
              </pre>
            ))}
            <ul className="mt-2 space-y-1">
              {Object.entries(operation.responses).map(([status, response]) => (
                <li key={status}>
                  <span className="font-mono">{status}</span> {response.description}
                </li>
              ))}
            </ul>
          </details>
          <TryIt method={method} path={path} hasBody={Boolean(operation.requestBody?.content['application/json'])} />
        </section>
      ))}
    </div>
  );
}
