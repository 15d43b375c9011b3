import Link from 'next/link';
import type { ReactNode } from 'react';
import { resendVerificationAction } from '@/app/(site)/account-actions';
import { AccountBanners } from '@/components/account-banners';

const sections = [
  { href: '/dashboard', label: 'Overview' },
  { href: '/dashboard/tasks', label: 'Tasks' },
  { href: '/dashboard/agents', label: 'Agents' },
  { href: '/dashboard/keys', label: 'API keys' },
  { href: '/dashboard/payments', label: 'Payments' },
  { href: '/dashboard/webhooks', label: 'Webhooks' },
];

export default function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-6">
      <nav className="flex gap-4 border-b border-stone-200 pb-3 text-sm">
        {sections.map((section) => (
          <Link key={section.href} href={section.href} className="text-stone-600 hover:text-stone-900">
            {section.label}
          </Link>
        ))}
      </nav>
      <AccountBanners resendVerification={resendVerificationAction} />
      {children}
    </div>
  );
}
