'use client';

import { CopyButton } from './copy-button';

/** A secret (an API key, a signing secret) shown once, with a copy button. It is never retrievable again. */
export function SecretOnce({ label, secret }: { label: string; secret: string }) {
  return (
    <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm">
      <p className="font-medium">{label}</p>
      <p className="text-stone-700">Copy it now: it is shown only once. Store it privately.</p>
      <div className="flex items-center gap-2">
        <code data-testid="new-key" className="flex-1 break-all rounded bg-white px-2 py-1 font-mono text-xs">
          {secret}
        </code>
        <CopyButton text={secret} />
      </div>
    </div>
  );
}
