'use client';

import { type ReactNode, useId, useState } from 'react';

export type ReferenceOperation = {
  /** The operation's anchor (its operationId). */
  id: string;
  method: string;
  path: string;
  /** The summary as plain text, for the sidebar and the search. */
  summary: string;
  /** The operation's section, rendered on the server. */
  section: ReactNode;
};

export type ReferenceGroup = { tag: string; operations: ReferenceOperation[] };

/** Every word of the query appears in the method, path, summary or tag. */
export function matches(query: string, tag: string, operation: ReferenceOperation): boolean {
  const haystack = `${operation.method} ${operation.path} ${operation.summary} ${tag}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

const methodColour: Record<string, string> = {
  GET: 'text-sky-700',
  POST: 'text-emerald-700',
  PATCH: 'text-amber-700',
  PUT: 'text-amber-700',
  DELETE: 'text-red-700',
};

function OperationNav({ groups, onPick }: { groups: ReferenceGroup[]; onPick?: () => void }) {
  return (
    <nav aria-label="Operations" className="space-y-4 text-sm">
      {groups.map(({ tag, operations }) => (
        <div key={tag}>
          <a href={`#tag-${tag}`} onClick={onPick} className="font-medium text-stone-900 hover:underline">
            {tag}
          </a>
          <ul className="mt-1 space-y-0.5">
            {operations.map((operation) => (
              <li key={operation.id}>
                <a
                  href={`#${operation.id}`}
                  onClick={onPick}
                  className="flex gap-2 rounded px-1 py-0.5 text-stone-600 hover:bg-stone-100 hover:text-stone-900"
                >
                  <span className={`w-12 shrink-0 font-mono text-xs leading-5 ${methodColour[operation.method] ?? ''}`}>
                    {operation.method}
                  </span>
                  <span className="min-w-0 [overflow-wrap:anywhere]">{operation.summary}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function SearchBox({
  query,
  onChange,
  count,
  total,
}: {
  query: string;
  onChange: (query: string) => void;
  count: number;
  total: number;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        Search operations
      </label>
      <input
        id={id}
        type="search"
        value={query}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Path, method or summary: “tasks”, “POST keys”"
        className="block w-full min-w-0 rounded-md border border-stone-300 px-3 py-2 text-sm"
      />
      <p className="text-xs text-stone-500" aria-live="polite" data-testid="operation-count">
        {count === total ? `${total} operations` : `${count} of ${total} operations`}
      </p>
    </div>
  );
}

/**
 * The reference's operations, grouped by tag, with a search over method, path and summary and a sidebar of
 * links: sticky at the left on a wide screen, a collapsible list above the operations on a narrow one.
 */
export function ReferenceBrowser({ groups }: { groups: ReferenceGroup[] }) {
  const [query, setQuery] = useState('');
  const [menuOpen, setMenuOpen] = useState(false);
  const total = groups.reduce((sum, group) => sum + group.operations.length, 0);
  const shown = groups
    .map(({ tag, operations }) => ({ tag, operations: operations.filter((op) => matches(query, tag, op)) }))
    .filter((group) => group.operations.length > 0);
  const count = shown.reduce((sum, group) => sum + group.operations.length, 0);

  return (
    <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
      <aside className="hidden lg:block">
        <div className="sticky top-4 max-h-[calc(100vh-2rem)] space-y-4 overflow-y-auto pr-2">
          <SearchBox query={query} onChange={setQuery} count={count} total={total} />
          <OperationNav groups={shown} />
        </div>
      </aside>
      <div className="min-w-0 space-y-8">
        <div className="space-y-3 lg:hidden">
          <SearchBox query={query} onChange={setQuery} count={count} total={total} />
          <details
            open={menuOpen}
            onToggle={(event) => setMenuOpen(event.currentTarget.open)}
            className="rounded-lg border border-stone-200 bg-white p-3"
          >
            <summary className="cursor-pointer text-sm font-medium">Operations by tag</summary>
            <div className="mt-3">
              <OperationNav groups={shown} onPick={() => setMenuOpen(false)} />
            </div>
          </details>
        </div>
        {shown.length === 0 && (
          <p className="rounded-lg border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">
            No operation matches “{query}”.
          </p>
        )}
        {shown.map(({ tag, operations }) => (
          <section key={tag} aria-labelledby={`tag-${tag}`} className="space-y-4">
            <h2 id={`tag-${tag}`} className="scroll-mt-4 text-xl font-semibold">
              {tag}
            </h2>
            {operations.map((operation) => (
              <div key={operation.id}>{operation.section}</div>
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}
