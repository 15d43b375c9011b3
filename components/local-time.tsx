'use client';

import { useEffect, useState } from 'react';
import { relativeTime, when } from './format';

/**
 * A moment in the viewer's own time zone: relative when recent ("3 min ago"), else the local date and time,
 * with the exact local time in the title; `exact` always shows the local date and time (deadlines). The server
 * renders UTC; the browser replaces it after hydration.
 */
export function LocalTime({
  value,
  fallback = '—',
  exact: alwaysExact = false,
}: {
  value: string | null;
  fallback?: string;
  exact?: boolean;
}) {
  const [text, setText] = useState<{ shown: string; exact: string } | null>(null);
  useEffect(() => {
    if (!value) return;
    const update = () => {
      const exact = new Date(value).toLocaleString();
      setText({ shown: alwaysExact ? exact : (relativeTime(value) ?? exact), exact });
    };
    update();
    const timer = setInterval(update, 30_000);
    return () => clearInterval(timer);
  }, [value, alwaysExact]);
  if (!value) return <>{fallback}</>;
  return (
    <time dateTime={value} title={text?.exact ?? when(value)} data-testid="local-time">
      {text?.shown ?? when(value)}
    </time>
  );
}
