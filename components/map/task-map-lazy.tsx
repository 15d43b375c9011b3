'use client';

import dynamic from 'next/dynamic';

/** TaskMap without server rendering: Leaflet needs `window`. */
export const TaskMapLazy = dynamic(() => import('./task-map').then((module) => module.TaskMap), {
  ssr: false,
  loading: () => <div className="h-64 w-full rounded-lg border border-stone-200 bg-stone-50" aria-hidden />,
});
