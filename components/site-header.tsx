import Link from 'next/link';
import { getBrowserUser } from '@/lib/api/next-auth';
import { SignOutButton } from './sign-out-button';
import { buttonClass } from './ui/button';

const linkClass = 'text-stone-600 hover:text-stone-900';

/** The top bar of every page, rendered on the server with the session, so a signed-in visitor never sees "Log in". */
export async function SiteHeader() {
  const current = await getBrowserUser();
  return (
    <header className="border-b border-stone-200 bg-white">
      <nav
        aria-label="Site"
        className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-3 px-6 py-4 text-sm sm:gap-x-6"
      >
        <Link href="/" className="text-lg font-semibold tracking-tight">
          Legwork
        </Link>
        <Link href="/docs" className={linkClass}>
          API reference
        </Link>
        {current && (
          <>
            <Link href="/dashboard" className={linkClass}>
              Dashboard
            </Link>
            <Link href="/worker" className={linkClass}>
              Worker
            </Link>
          </>
        )}
        {current ? (
          <div className="ml-auto flex min-w-0 items-center gap-3">
            <span
              className="min-w-0 truncate text-stone-600"
              title={accountLabel(current.user)}
              data-testid="header-account"
            >
              <span className="sr-only">Signed in as </span>
              {accountLabel(current.user)}
            </span>
            <SignOutButton />
          </div>
        ) : (
          <div className="ml-auto flex items-center gap-4 sm:gap-6">
            <Link href="/login" className={linkClass}>
              Log in
            </Link>
            <Link href="/signup" className={buttonClass({ compact: true })}>
              Sign up
            </Link>
          </div>
        )}
      </nav>
    </header>
  );
}

function accountLabel(user: { email: string | null; name: string | null }): string {
  return user.email ?? user.name ?? 'your account';
}
