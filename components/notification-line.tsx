import { LocalTime } from './local-time';

export type NotificationLineItem = {
  id: string;
  title: string;
  body: string;
  createdAt: string;
  readAt: string | null;
  doneAt: string | null;
};

/**
 * One notification, on /notifications and in the bell's popover: unread dot, title (opening it marks it read), body,
 * time, and "Done" once what it asked for was done. `compact` keeps the body to two lines.
 */
export function NotificationLine({
  notification,
  compact = false,
}: {
  notification: NotificationLineItem;
  compact?: boolean;
}) {
  const { id, title, body, createdAt, readAt, doneAt } = notification;
  return (
    <li data-testid="notification" className={`flex gap-3 ${compact ? 'px-4 py-2.5' : 'py-3'}`}>
      <span
        aria-hidden="true"
        className={`mt-2 h-2 w-2 shrink-0 rounded-full ${readAt ? 'bg-transparent' : 'bg-sky-600'}`}
      />
      <div className="min-w-0 flex-1 text-sm">
        {/* A plain link: the route marks it read, so it must not be prefetched like a page. */}
        <a
          href={`/notifications/open/${id}`}
          className={`break-words underline ${readAt ? 'text-stone-700' : 'font-medium text-stone-900'}`}
        >
          {title}
        </a>
        {!readAt && <span className="sr-only"> (unread)</span>}
        <p className={`break-words text-stone-600 ${compact ? 'line-clamp-2' : 'whitespace-pre-wrap'}`}>{body}</p>
        <p className="flex flex-wrap items-center gap-2 text-xs text-stone-500">
          <LocalTime value={createdAt} />
          {doneAt && (
            <span
              data-testid="notification-done"
              className="rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-800"
            >
              Done
            </span>
          )}
        </p>
      </div>
    </li>
  );
}
