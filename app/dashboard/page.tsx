import type { Metadata } from 'next';
import { requireBrowserUser } from '@/lib/api/require-browser-user';

// Reads the session cookie (or SITE_URL) per request; never prerendered at build time.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage() {
  const current = await requireBrowserUser();
  const { user } = current;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Dashboard</h1>
        <p className="text-sm text-stone-600">
          Signed in as <span data-testid="user-email">{user.email}</span>
          {user.roles.includes('admin') && ' (admin)'}
        </p>
      </div>
      <section className="rounded-lg border border-stone-200 bg-white p-5">
        <h2 className="font-medium">Payments</h2>
        <p className="mt-2 text-sm text-stone-600">
          <a href="/dashboard/payments" className="underline">
            Card on file and payment history
          </a>
        </p>
      </section>
      <section className="rounded-lg border border-stone-200 bg-white p-5">
        <h2 className="font-medium">Work on Legwork</h2>
        <p className="mt-2 text-sm text-stone-600">
          <a href="/worker" className="underline">
            Your worker profile
          </a>
          : onboarding, ID verification, payouts and the listing switch.
        </p>
      </section>
      <section className="rounded-lg border border-stone-200 bg-white p-5">
        <h2 className="font-medium">Agents and API keys</h2>
        <p className="mt-2 text-sm text-stone-600">
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
      </section>
    </div>
  );
}
