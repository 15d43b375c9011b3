'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { signOut } from 'next-auth/react';
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { menuIndexAfter } from './keyboard';

const itemClass = 'block w-full px-4 py-2 text-left text-stone-700 hover:bg-stone-100';

/**
 * The signed-in human's menu in the header: who they are, where they can go, and Sign out. It is in the first HTML
 * (hidden until opened), closes on Escape, a click elsewhere and a page change, and returns focus to its button.
 * Down or Up on the button opens it on its first or last item; inside, Down and Up move (wrapping), Home and End
 * jump to the ends. It stays a list of links (a disclosure, not an ARIA menu), so Tab still walks through it.
 */
export function AccountMenu({
  name,
  email,
  admin = false,
}: {
  name: string | null;
  email: string | null;
  /** Staff see the admin console too. */
  admin?: boolean;
}) {
  const [open, setOpen] = useState(false);
  // Which item to focus once the menu is shown (opened from the keyboard); focus cannot reach it while hidden.
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last' | null>(null);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const pathname = usePathname();
  const label = email ?? name ?? 'your account';

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is what a change of page means here.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
        return;
      }
      const items = menuItems(menu.current);
      const current = items.indexOf(document.activeElement as HTMLElement);
      if (current < 0) return;
      const next = menuIndexAfter(event.key, current, items.length);
      if (next === null) return;
      event.preventDefault();
      items[next]?.focus();
    };
    document.addEventListener('mousedown', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  useEffect(() => {
    if (!open || !focusOnOpen) return;
    const items = menuItems(menu.current);
    (focusOnOpen === 'first' ? items[0] : items.at(-1))?.focus();
    setFocusOnOpen(null);
  }, [open, focusOnOpen]);

  const onButtonKey = (event: ReactKeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpen(true);
    setFocusOnOpen(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  return (
    <div ref={root} className="relative min-w-0">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Signed in as ${label}`}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={onButtonKey}
        className="flex min-w-0 items-center gap-1 rounded-md border border-stone-300 px-2.5 py-1 hover:bg-stone-100 sm:max-w-[16rem]"
      >
        {/* On a phone the initial stands for the account, so the header stays one row. */}
        <span aria-hidden="true" className="font-medium sm:hidden">
          {label.charAt(0).toUpperCase()}
        </span>
        <span className="hidden min-w-0 truncate sm:inline" title={label} data-testid="header-account">
          <span className="sr-only">Signed in as </span>
          {label}
        </span>
        <span aria-hidden="true" className="text-stone-500">
          ▾
        </span>
      </button>
      <div
        ref={menu}
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-20 mt-2 w-60 overflow-hidden rounded-md border border-stone-200 bg-white py-1 shadow-lg"
      >
        <div className="border-b border-stone-100 px-4 py-2">
          {name && <p className="truncate font-medium text-stone-900">{name}</p>}
          {email && <p className="truncate text-stone-600">{email}</p>}
        </div>
        <Link href="/dashboard" className={itemClass}>
          Dashboard
        </Link>
        <Link href="/worker" className={itemClass}>
          Worker
        </Link>
        <Link href="/settings" className={itemClass}>
          Settings
        </Link>
        <Link href="/docs" className={itemClass}>
          API reference
        </Link>
        {admin && (
          <Link href="/admin" className={itemClass}>
            Admin
          </Link>
        )}
        <button
          type="button"
          onClick={() => signOut({ callbackUrl: '/login' })}
          className={`${itemClass} border-t border-stone-100`}
        >
          Sign out
        </button>
      </div>
    </div>
  );
}

/** The menu's links and buttons, in order. */
function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? [...menu.querySelectorAll<HTMLElement>('a[href], button')] : [];
}
