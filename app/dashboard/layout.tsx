import type { ReactNode } from 'react';
import { resendVerificationAction } from '@/app/(site)/account-actions';
import { acceptPendingLegalAction } from '@/app/(site)/legal-actions';
import { AccountBanners } from '@/components/account-banners';
import { NavTabs } from '@/components/ui/nav-tabs';

const sections = [
  { href: '/dashboard', label: 'Overview', exact: true },
  { href: '/dashboard/tasks', label: 'Tasks' },
  { href: '/dashboard/find', label: 'Find help' },
  { href: '/dashboard/agents', label: 'Agents' },
  { href: '/dashboard/keys', label: 'API keys' },
  { href: '/dashboard/usage', label: 'Usage' },
  { href: '/dashboard/payments', label: 'Payments' },
  { href: '/dashboard/webhooks', label: 'Webhooks' },
];

export default function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-6">
      <NavTabs label="Dashboard" tabs={sections} />
      <AccountBanners resendVerification={resendVerificationAction} acceptLegal={acceptPendingLegalAction} />
      {children}
    </div>
  );
}
