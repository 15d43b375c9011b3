import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { resendVerificationAction } from '@/app/(site)/account-actions';
import { acceptPendingLegalAction } from '@/app/(site)/legal-actions';
import { AccountBanners } from '@/components/account-banners';
import { ServiceWorkerRegistration } from '@/components/offline/service-worker-registration';
import { NavTabs } from '@/components/ui/nav-tabs';

const sections = [
  { href: '/worker', label: 'Overview', exact: true },
  { href: '/worker/tasks', label: 'Tasks' },
  { href: '/worker/services', label: 'Services' },
  { href: '/worker/earnings', label: 'Earnings' },
  { href: '/worker/onboarding', label: 'Profile and listing' },
];

// Installed from here (app/manifest.ts), the worker pages open full screen on iOS too.
export const metadata: Metadata = { appleWebApp: { capable: true, title: 'Legwork', statusBarStyle: 'default' } };

export default function WorkerLayout({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-6">
      <ServiceWorkerRegistration />
      <NavTabs label="Worker" tabs={sections} />
      <AccountBanners resendVerification={resendVerificationAction} acceptLegal={acceptPendingLegalAction} />
      {children}
    </div>
  );
}
