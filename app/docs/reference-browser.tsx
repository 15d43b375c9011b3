'use client';

import { type ReactNode, useId, useState } from 'react';

export type ReferenceOperation = {
  /** The operation's anchor (its operationId). */
  id: string;
  method: string;
  path: string;
  /** The summary as plain text, for the sidebar and the search. */
  summary: string;
  /** Where the operation is in full: `#id` on its tag's page, `/docs/reference/<tag>#id` elsewhere. */
  href: string;
};

export type ReferenceGroup = { tag: string; href: string; operations: ReferenceOperation[] };

/** The tag whose page this is, and its operations' sections, rendered on the server, by operation id. */
export type CurrentTag = { tag: string; sections: Record<string, ReactNode> };

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
      {groups.map(({ tag, href, operations }) => (
        <div key={tag}>
          <a href={href} onClick={onPick} className="font-medium text-stone-900 hover:underline">
            {tag}
          </a>
          <ul className="mt-1 space-y-0.5">
            {operations.map((operation) => (
              <li key={operation.id}>
                <a
                  href={operation.href}
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

/** A tag's page: its operations that match the search, in full; the others stay in the sidebar. */
function TagOperations({ current, shown }: { current: CurrentTag; shown: ReferenceGroup[] }) {
  const operations = shown.find(({ tag }) => tag === current.tag)?.operations ?? [];
  if (shown.length > 0 && operations.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">
        No operation of {current.tag} matches; the matches in other groups are listed beside.
      </p>
    );
  }
  return (
    <div className="space-y-4">
      {operations.map((operation) => (
        <div key={operation.id}>{current.sections[operation.id]}</div>
      ))}
    </div>
  );
}

/** The front page's list: each tag's operations as links to where they are in full. */
function OperationIndex({ groups }: { groups: ReferenceGroup[] }) {
  return groups.map(({ tag, href, operations }) => (
    <section key={tag} aria-labelledby={`tag-${tag}`} className="space-y-2">
      <h2 id={`tag-${tag}`} className="scroll-mt-4 text-xl font-semibold">
        <a href={href} className="hover:underline">
          {tag}
        </a>
      </h2>
      <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white text-sm">
        {operations.map((operation) => (
          // The operation's id, so that an old link to /docs#<operationId> still lands on it.
          <li key={operation.id} id={operation.id} className="scroll-mt-4">
            <a href={operation.href} className="flex flex-wrap items-baseline gap-x-3 px-3 py-2 hover:bg-stone-50">
              <span className={`w-12 shrink-0 font-mono text-xs ${methodColour[operation.method] ?? ''}`}>
                {operation.method}
              </span>
              <code className="min-w-0 font-mono [overflow-wrap:anywhere]">{operation.path}</code>
              <span className="min-w-0 text-stone-600 [overflow-wrap:anywhere]">{operation.summary}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  ));
}

/**
 * The reference's operations, grouped by tag, with a search over method, path and summary and a sidebar of
 * links: sticky at the left on a wide screen, a collapsible list above the operations on a narrow one. On a tag's
 * page (`current`) the main column holds that tag's operations in full; on the front page, the list of them all.
 */
export function ReferenceBrowser({ groups, current }: { groups: ReferenceGroup[]; current?: CurrentTag }) {
  const [query, setQuery] = useState('');
  const [menuOpen, setMenuOpen] = useState(false);
  const total = groups.reduce((sum, group) => sum + group.operations.length, 0);
  const shown = groups
    .map((group) => ({ ...group, operations: group.operations.filter((op) => matches(query, group.tag, op)) }))
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
            {/* Rendered once opened: the index of every operation is ~45 KB of HTML, already in the wide sidebar. */}
            {menuOpen && (
              <div className="mt-3">
                <OperationNav groups={shown} onPick={() => setMenuOpen(false)} />
              </div>
            )}
          </details>
        </div>
        {shown.length === 0 && (
          <p className="rounded-lg border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">
            No operation matches “{query}”.
          </p>
        )}
        {current ? <TagOperations current={current} shown={shown} /> : <OperationIndex groups={shown} />}
      </div>
    </div>
  );
}
