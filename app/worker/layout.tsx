import type { ReactNode } from 'react';
import { resendVerificationAction } from '@/app/(site)/account-actions';
import { AccountBanners } from '@/components/account-banners';

export default function WorkerLayout({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-6">
      <AccountBanners resendVerification={resendVerificationAction} />
      {children}
    </div>
  );
}
