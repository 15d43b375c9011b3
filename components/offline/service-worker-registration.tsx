'use client';

import { useEffect } from 'react';

/**
 * Registers public/sw.js from the worker pages. The first page loaded before the worker controlled it, so its
 * scripts and the page itself are handed over to be kept: the page then opens offline on the next visit.
 */
export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const loaded = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => new URL(name).pathname.startsWith('/_next/static/'));
        registration.active?.postMessage({ type: 'cache', urls: [...loaded, window.location.href] });
      })
      .catch(() => {
        // No worker (a private window, an old browser): the pages still work online.
      });
  }, []);
  return null;
}
