'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/**
 * Re-renders the page's server components every `seconds` while the tab is visible, so a task page shows the
 * other side's moves (accepted, proof submitted, approved) without a reload. Client state (a message being
 * typed, a chosen file) is kept: only the server-rendered parts are fetched again.
 */
export function TaskAutoRefresh({ seconds = 15 }: { seconds?: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') router.refresh();
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [router, seconds]);
  return null;
}
