'use client';

import { useEffect } from 'react';

/** Back from the ID check or the payout setup: that step in view and focused, not the top of five. */
export function ScrollToStep({ id }: { id: string }) {
  useEffect(() => {
    const step = document.getElementById(id);
    step?.scrollIntoView({ block: 'start' });
    step?.focus({ preventScroll: true });
  }, [id]);
  return null;
}
