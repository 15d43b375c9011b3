import type { ReactNode } from 'react';
import { AccountBanners } from '@/components/account-banners';

export default function WorkerLayout({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-6">
      <AccountBanners />
      {children}
    </div>
  );
}
