'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';

// Smaller than the kit's fields: a tool tucked under each operation of the reference.
const input = 'block w-full rounded border border-stone-300 px-2 py-1 font-mono text-xs';

/** Sends the request from the browser and shows the raw answer: status, request id and body. */
export function TryIt({ method, path, hasBody }: { method: string; path: string; hasBody: boolean }) {
  const [resolvedPath, setResolvedPath] = useState(path);
  const [token, setToken] = useState('');
  const [body, setBody] = useState('{\n  \n}');
  const [result, setResult] = useState<string | null>(null);

  async function send() {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (hasBody) headers['content-type'] = 'application/json';
    const response = await fetch(resolvedPath, { method, headers, body: hasBody ? body : undefined });
    const text = await response.text();
    let pretty = text;
    try {
      pretty = JSON.stringify(JSON.parse(text), null, 2);
    } catch {}
    setResult(
      `${response.status} ${response.statusText}  (X-Request-Id: ${response.headers.get('x-request-id')})\n\n${pretty}`,
    );
  }

  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-stone-700">Try it</summary>
      <div className="mt-2 space-y-2">
        <input
          aria-label="Path"
          value={resolvedPath}
          onChange={(event) => setResolvedPath(event.target.value)}
          className={input}
        />
        <input
          aria-label="Bearer token"
          placeholder="Bearer token (API key or session token)"
          value={token}
          onChange={(event) => setToken(event.target.value)}
          className={input}
        />
        {hasBody && (
          <textarea
            aria-label="JSON body"
            value={body}
            onChange={(event) => setBody(event.target.value)}
            rows={5}
            className={input}
          />
        )}
        <Button compact onClick={send}>
          Send {method}
        </Button>
        {result && <pre className="overflow-x-auto rounded bg-stone-100 p-3 text-xs">{result}</pre>}
      </div>
    </details>
  );
}
