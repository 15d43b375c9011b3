'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cx } from './class-names';

export type NavTab = {
  href: string;
  label: string /** Active only on this exact path, not below it. */;
  exact?: boolean;
};

/** Whether `pathname` is `tab`'s page, or (unless `exact`) a page below it. */
export function isActiveTab(tab: NavTab, pathname: string): boolean {
  if (pathname === tab.href) return true;
  return !tab.exact && pathname.startsWith(`${tab.href}/`);
}

const looks = {
  // The sections of an area: an underlined row that scrolls sideways on a narrow screen rather than wrapping.
  tabs: {
    list: 'flex gap-1 overflow-x-auto border-b border-stone-200 text-sm [scrollbar-width:none]',
    item: 'shrink-0 whitespace-nowrap border-b-2 px-3 py-2',
    active: 'border-stone-900 font-medium text-stone-900',
    idle: 'border-transparent text-stone-600 hover:text-stone-900',
  },
  // Two or three modes side by side (Requester / Worker).
  switch: {
    list: 'flex shrink-0 rounded-md border border-stone-300 p-0.5 text-sm',
    item: 'whitespace-nowrap rounded px-2.5 py-1',
    active: 'bg-stone-900 text-white',
    idle: 'text-stone-600 hover:text-stone-900',
  },
};

/** Links to the pages of one area, the current one marked (`aria-current="page"`) for eyes and screen readers. */
export function NavTabs({
  label,
  tabs,
  variant = 'tabs',
  className,
}: {
  label: string;
  tabs: NavTab[];
  variant?: keyof typeof looks;
  className?: string;
}) {
  const pathname = usePathname() ?? '';
  const look = looks[variant];
  // The longest match wins, so /dashboard/tasks marks Tasks, not Overview.
  const active = tabs.filter((tab) => isActiveTab(tab, pathname)).sort((a, b) => b.href.length - a.href.length)[0];
  return (
    <nav aria-label={label} className={cx(look.list, className)}>
      {tabs.map((tab) => (
        <Link
          key={tab.href}
          href={tab.href}
          aria-current={tab === active ? 'page' : undefined}
          className={cx(look.item, tab === active ? look.active : look.idle)}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
