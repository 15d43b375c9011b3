import type { Metadata } from 'next';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { requireBrowserUser } from '@/lib/api/require-browser-user';

// Reads the session cookie (or SITE_URL) per request; never prerendered at build time.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage() {
  const current = await requireBrowserUser();
  const { user } = current;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Dashboard"
        description={
          <>
            Signed in as <span data-testid="user-email">{user.email}</span>
            {user.roles.includes('admin') && ' (admin)'}
          </>
        }
      />
      <Card title="Payments">
        <p className="text-sm text-stone-600">
          <a href="/dashboard/payments" className="underline">
            Card on file and payment history
          </a>
        </p>
      </Card>
      <Card title="Work on Legwork">
        <p className="text-sm text-stone-600">
          <a href="/worker" className="underline">
            Your worker profile
          </a>
          : onboarding, ID verification, payouts and the listing switch.
        </p>
      </Card>
      <Card title="Agents and API keys">
        <p className="text-sm text-stone-600">
          <a href="/dashboard/agents" className="underline">
            Agents
          </a>{' '}
          (create, connect with a claim code, spending caps, usage) and your own{' '}
          <a href="/dashboard/keys" className="underline">
            API keys
          </a>
          . The{' '}
          <a href="/docs" className="underline">
            API reference
          </a>{' '}
          documents every call.
        </p>
      </Card>
    </div>
  );
}
