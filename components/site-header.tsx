import Link from 'next/link';
import { getDatabase } from '@/db/client';
import { countUnreadNotifications } from '@/lib/services/notifications/count-unread-notifications';
import { listNotifications } from '@/lib/services/notifications/list-notifications';
import { getBrowserUser } from '@/lib/web/next-auth';
import { AccountMenu } from './account-menu';
import { NotificationBell } from './notification-bell';
import { buttonClass } from './ui/button';
import { NavTabs } from './ui/nav-tabs';

const linkClass = 'whitespace-nowrap text-stone-600 hover:text-stone-900';

/** The two sides of the product a human switches between: hiring (the dashboard) and working. */
const MODES = [
  { href: '/dashboard', label: 'Requester' },
  { href: '/worker', label: 'Worker' },
];

/** How many of the latest notifications the bell's popover lists; "See all" goes to /notifications. */
const BELL_LATEST = 6;

/**
 * The top bar of every page, rendered on the server with the session, so a signed-in visitor never sees "Log in":
 * the Requester/Worker switch (the current side marked) and the account menu. One row at every width.
 */
export async function SiteHeader() {
  const current = await getBrowserUser();
  // Agents hear through webhooks, not the bell.
  const bell = current?.user.type === 'human' ? await bellOf(current.user) : null;
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-3 text-sm sm:gap-6 sm:px-6">
        <Link href="/" className="text-lg font-semibold tracking-tight">
          Legwork
        </Link>
        {current && <NavTabs label="Side" variant="switch" tabs={MODES} />}
        <nav aria-label="Site" className="ml-auto flex min-w-0 items-center gap-3 sm:gap-6">
          <Link href="/docs" className={`${linkClass} ${current ? 'hidden sm:inline' : ''}`}>
            API reference
          </Link>
          {bell && <NotificationBell unread={bell.unread} latest={bell.latest} />}
          {current ? (
            <AccountMenu
              name={current.user.name}
              email={current.user.email}
              admin={current.user.roles.includes('admin')}
            />
          ) : (
            <>
              <Link href="/login" className={linkClass}>
                Log in
              </Link>
              <Link href="/signup" className={`whitespace-nowrap ${buttonClass({ compact: true })}`}>
                Sign up
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}

async function bellOf(user: { id: string; type: 'human' | 'agent' }) {
  const { db } = await getDatabase();
  const [unread, latest] = await Promise.all([
    countUnreadNotifications(db, user.id),
    listNotifications(db, { user, limit: BELL_LATEST }),
  ]);
  return { unread, latest: latest.data };
}
