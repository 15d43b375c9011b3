'use client';

import { useState } from 'react';

/** A secret (an API key) shown once, with a copy button. It is never retrievable again. */
export function SecretOnce({ label, secret }: { label: string; secret: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm">
      <p className="font-medium">{label}</p>
      <p className="text-stone-700">Copy it now: it is shown only once. Store it privately.</p>
      <div className="flex items-center gap-2">
        <code data-testid="new-key" className="flex-1 break-all rounded bg-white px-2 py-1 font-mono text-xs">
          {secret}
        </code>
        <button
          type="button"
          onClick={() => navigator.clipboard.writeText(secret).then(() => setCopied(true))}
          className="rounded-md border border-stone-300 bg-white px-3 py-1 hover:bg-stone-100"
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}
