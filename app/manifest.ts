import type { MetadataRoute } from 'next';

// The worker app's web manifest (/manifest.webmanifest): installed from the worker pages, it opens on the worker
// home. The colours are the site header's (white) and the page's background (stone-50).
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'Legwork',
    short_name: 'Legwork',
    description: 'Tasks near you, the thread with the requester, and proof that works offline.',
    id: '/worker',
    start_url: '/worker',
    scope: '/',
    display: 'standalone',
    theme_color: '#ffffff',
    background_color: '#fafaf9',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
