import { InlineMarkdown, Markdown } from '@/components/markdown';
import { exampleValue, type JsonSchema } from '@/lib/openapi/example-value';
import { plainText, type ReferenceEntry } from './reference-data';
import { TryIt, type TryItAccount } from './try-it';

// `{}` in the list makes the credential optional (POST /v1/mcp).
const AUTH_LABEL = (security: unknown[]) =>
  security.length === 0
    ? 'No authentication'
    : security.map((entry) => Object.keys(entry as object)[0] ?? 'none').join(' or ');

const isSessionOnly = (security: unknown[]) =>
  security.length > 0 && security.every((entry) => Object.keys(entry as object)[0] === 'sessionToken');

// A schema's descriptions are Markdown too; shown as JSON, their code spans lose the backticks.
const withoutBackticks = (key: string, value: unknown) =>
  key === 'description' && typeof value === 'string' ? plainText(value) : value;

const REF_PREFIX = '#/components/schemas/';

/** The schema with its `$ref`s replaced by what they name (a reference back to itself is left as is). */
function inlineRefs(schema: unknown, schemas: Record<string, JsonSchema>, seen: string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlineRefs(item, schemas, seen));
  if (!schema || typeof schema !== 'object') return schema;
  const ref = (schema as JsonSchema).$ref;
  if (typeof ref === 'string' && ref.startsWith(REF_PREFIX)) {
    const name = ref.slice(REF_PREFIX.length);
    const target = schemas[name];
    return target && !seen.includes(name) ? inlineRefs(target, schemas, [...seen, name]) : schema;
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlineRefs(value, schemas, seen)]));
}

/** One operation in full: summary, description, auth, its schemas and responses, and Try it. */
export function OperationSection({
  entry: { method, path, operation },
  schemas,
  account,
  livemode,
}: {
  entry: ReferenceEntry;
  schemas: Record<string, JsonSchema>;
  account: TryItAccount;
  livemode: boolean;
}) {
  const jsonBody = operation.requestBody?.content['application/json']?.schema;
  const example = jsonBody ? JSON.stringify(exampleValue(jsonBody, { schemas }), null, 2) : null;
  return (
    <article
      id={operation.operationId}
      className="min-w-0 scroll-mt-4 space-y-3 rounded-lg border border-stone-200 bg-white p-4 sm:p-5"
    >
      <h3 className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="rounded bg-stone-900 px-2 py-0.5 font-mono text-xs text-white">{method}</span>
        <code className="min-w-0 font-mono text-sm [overflow-wrap:anywhere]">{path}</code>
        <InlineMarkdown source={operation.summary} className="text-sm text-stone-600" />
        <a
          href={`#${operation.operationId}`}
          aria-label={`Link to ${method} ${path}`}
          className="ml-auto font-mono text-sm text-stone-400 hover:text-stone-900"
        >
          #
        </a>
      </h3>
      {operation.description && <Markdown source={operation.description} className="text-sm" />}
      <p className="text-xs text-stone-500">Auth: {AUTH_LABEL(operation.security)}</p>
      <details className="min-w-0 text-sm">
        <summary className="cursor-pointer text-stone-700">Schemas and responses</summary>
        {Object.entries(operation.requestBody?.content ?? {}).map(([mediaType, { schema }]) => (
          <pre key={mediaType} className="mt-2 max-h-[28rem] overflow-auto rounded bg-stone-100 p-3 text-xs">
            {`${mediaType}\n${JSON.stringify(inlineRefs(schema, schemas), withoutBackticks, 2)}`}
          </pre>
        ))}
        <ul className="mt-2 space-y-1">
          {Object.entries(operation.responses).map(([status, response]) => (
            <li key={status} className="flex gap-2">
              <span className="font-mono">{status}</span>
              <InlineMarkdown source={response.description} className="min-w-0 [overflow-wrap:anywhere]" />
            </li>
          ))}
        </ul>
      </details>
      <TryIt
        method={method}
        path={path}
        exampleBody={example}
        account={account}
        movesMoney={operation['x-moves-money']}
        sessionOnly={isSessionOnly(operation.security)}
        livemode={livemode}
      />
    </article>
  );
}
