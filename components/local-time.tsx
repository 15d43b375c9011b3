'use client';

import { type ReactNode, useEffect, useState } from 'react';
import { formatDateTime, formatExactTime, formatZonedDateTime, relativeTime } from './format';

/**
 * A moment in the viewer's own time zone, the one way pages show one: relative when recent ("3 min ago"), else the
 * local date and time to the minute (`formatDateTime`), always with the exact time in the title; `exact` always
 * shows the local date and time (deadlines); `children` replaces the words shown (a page's own relative form, such
 * as a dispute's age) and keeps the title. The server renders UTC; the browser replaces it after hydration.
 */
export function LocalTime({
  value,
  fallback = '—',
  exact: alwaysExact = false,
  children,
}: {
  value: string | null;
  fallback?: string;
  exact?: boolean;
  children?: ReactNode;
}) {
  const [text, setText] = useState<{ shown: string; exact: string } | null>(null);
  useEffect(() => {
    if (!value) return;
    const update = () => {
      const local = formatDateTime(value);
      setText({ shown: alwaysExact ? local : (relativeTime(value) ?? local), exact: formatExactTime(value) });
    };
    update();
    const timer = setInterval(update, 30_000);
    return () => clearInterval(timer);
  }, [value, alwaysExact]);
  if (!value) return <>{fallback}</>;
  return (
    <time
      suppressHydrationWarning
      dateTime={value}
      title={text?.exact ?? formatExactTime(value, 'UTC')}
      data-testid="local-time"
    >
      {children ?? text?.shown ?? formatZonedDateTime(value)}
    </time>
  );
}
