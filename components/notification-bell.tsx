'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import { plural } from './format';
import { NotificationLine, type NotificationLineItem } from './notification-line';

/**
 * The header's bell: the unread count (none shown at zero) on a button that opens a popover of the latest
 * notifications, with "See all" to /notifications. Rendered on the server with the page, so the list is as fresh as
 * the page. Focus moves into the popover when it opens; Escape, a click elsewhere, tabbing out and a page change close
 * it, and Escape returns focus to the bell. A disclosure of links, like the account menu, so Tab walks through it.
 */
export function NotificationBell({ unread, latest }: { unread: number; latest: NotificationLineItem[] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const pathname = usePathname();
  const label = unread > 0 ? `Notifications, ${plural(unread, 'unread', 'unread')}` : 'Notifications';

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is what a change of page means here.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('a[href]')?.focus();
    const onClick = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onFocus = (event: FocusEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onClick);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('mousedown', onClick);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open]);

  return (
    <div ref={root} className="sm:relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        title={label}
        data-testid="notification-bell"
        onClick={() => setOpen((was) => !was)}
        className="relative inline-flex shrink-0 items-center rounded-md p-1.5 text-stone-600 hover:bg-stone-100 hover:text-stone-900"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" strokeLinecap="round" strokeLinejoin="round" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {unread > 0 && (
          <span
            data-testid="notification-count"
            className="absolute -right-1 -top-1 min-w-[1.25rem] rounded-full bg-red-600 px-1 text-center text-xs font-medium leading-5 text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {/* Fixed under the header on a phone, where the bell sits too far right to hang a panel from it. */}
      <section
        ref={panel}
        id={panelId}
        hidden={!open}
        aria-labelledby={headingId}
        data-testid="notification-popover"
        className="fixed inset-x-2 top-14 z-20 rounded-md border border-stone-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-96"
      >
        <header className="flex items-baseline justify-between border-b border-stone-100 px-4 py-2">
          <h2 id={headingId} className="font-medium text-stone-900">
            Notifications
          </h2>
          <span className="text-xs text-stone-500">{unread > 0 ? plural(unread, 'unread', 'unread') : 'All read'}</span>
        </header>
        {latest.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-stone-600">
            Nothing yet. You will hear here when something happens on your tasks.
          </p>
        ) : (
          <ol className="max-h-[min(60vh,28rem)] divide-y divide-stone-100 overflow-y-auto">
            {latest.map((notification) => (
              <NotificationLine key={notification.id} notification={notification} compact />
            ))}
          </ol>
        )}
        <div className="border-t border-stone-100 px-4 py-2 text-sm">
          <Link href="/notifications" className="font-medium underline" data-testid="notifications-see-all">
            See all
          </Link>
        </div>
      </section>
    </div>
  );
}
