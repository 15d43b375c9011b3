import Link from 'next/link';
import { plural } from './format';

/**
 * The header's bell: a link to /notifications with the unread count (none shown at zero). Rendered on the server
 * with the page, so the count is as fresh as the page.
 */
export function NotificationBell({ unread }: { unread: number }) {
  const label = unread > 0 ? `Notifications, ${plural(unread, 'unread', 'unread')}` : 'Notifications';
  return (
    <Link
      href="/notifications"
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      className="relative inline-flex shrink-0 items-center rounded-md p-1.5 text-stone-600 hover:bg-stone-100 hover:text-stone-900"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
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
    </Link>
  );
}
