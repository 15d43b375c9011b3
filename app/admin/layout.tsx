import type { ReactNode } from 'react';
import { NavTabs } from '@/components/ui/nav-tabs';
import { requireAdmin } from '@/lib/web/require-admin-user';

const sections = [
  { href: '/admin', label: 'Overview', exact: true },
  { href: '/admin/disputes', label: 'Disputes' },
  { href: '/admin/intake', label: 'SMS intake' },
  { href: '/admin/users', label: 'Users' },
  { href: '/admin/tasks', label: 'Tasks' },
  { href: '/admin/feedback', label: 'Feedback' },
  { href: '/admin/audit-log', label: 'Audit log' },
];

/** The admin console: staff only (requireAdmin), its own tab bar. */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  await requireAdmin();
  return (
    <div className="space-y-6">
      <NavTabs label="Admin" tabs={sections} />
      {children}
    </div>
  );
}
