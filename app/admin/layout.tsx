import type { ReactNode } from 'react';
import { NavTabs } from '@/components/ui/nav-tabs';
import { requireAdminUser } from '@/lib/api/require-admin-user';

const sections = [{ href: '/admin/intake', label: 'SMS intake' }];

/** The admin console: staff only (requireAdminUser), its own tab bar. */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  await requireAdminUser();
  return (
    <div className="space-y-6">
      <NavTabs label="Admin" tabs={sections} />
      {children}
    </div>
  );
}
