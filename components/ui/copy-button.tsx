'use client';

import { useState } from 'react';
import { Button } from './button';

/** Copies `text` to the clipboard and says so ("Copied") until clicked again. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button variant="secondary" compact onClick={() => navigator.clipboard.writeText(text).then(() => setCopied(true))}>
      {copied ? 'Copied' : label}
    </Button>
  );
}
