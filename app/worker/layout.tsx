import type { ReactNode } from 'react';
import { resendVerificationAction } from '@/app/(site)/account-actions';
import { acceptPendingLegalAction } from '@/app/(site)/legal-actions';
import { AccountBanners } from '@/components/account-banners';
import { NavTabs } from '@/components/ui/nav-tabs';

const sections = [
  { href: '/worker', label: 'Overview', exact: true },
  { href: '/worker/tasks', label: 'Tasks' },
  { href: '/worker/services', label: 'Services' },
  { href: '/worker/earnings', label: 'Earnings' },
  { href: '/worker/onboarding', label: 'Profile and listing' },
];

export default function WorkerLayout({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-6">
      <NavTabs label="Worker" tabs={sections} />
      <AccountBanners resendVerification={resendVerificationAction} acceptLegal={acceptPendingLegalAction} />
      {children}
    </div>
  );
}
