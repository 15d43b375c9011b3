import type { Metadata } from 'next';
import Link from 'next/link';
import { getDatabase } from '@/db/client';
import { requireBrowserUser } from '@/lib/api/require-browser-user';
import { listAgents } from '@/lib/services/agents/list-agents';
import { ClaimCodePanel } from './claim-code-panel';
import { CreateAgentForm } from './create-agent-form';
import { dollars, when } from './format';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Agents' };

export default async function AgentsPage() {
  const current = await requireBrowserUser('/dashboard/agents');
  const { db } = await getDatabase();
  const agents = await listAgents(db, current.user.id);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Agents</h1>
        <p className="text-sm text-stone-600">
          Each agent has its own API keys and an optional spending cap on your card.
        </p>
      </div>
      <section className="rounded-lg border border-stone-200 bg-white p-5">
        <h2 className="mb-3 font-medium">Create an agent</h2>
        <CreateAgentForm />
      </section>
      <section className="rounded-lg border border-stone-200 bg-white p-5">
        <h2 className="mb-1 font-medium">Connect an agent with a claim code</h2>
        <p className="mb-3 text-sm text-stone-600">
          For an agent that is already running: it registers itself with the code and receives its own key.
        </p>
        <ClaimCodePanel />
      </section>
      <section className="rounded-lg border border-stone-200 bg-white p-5">
        <h2 className="mb-3 font-medium">Your agents</h2>
        {agents.length === 0 ? (
          <p className="text-sm text-stone-600">No agents yet.</p>
        ) : (
          <table className="w-full text-left text-sm" data-testid="agents-table">
            <thead className="text-stone-500">
              <tr>
                <th className="py-1">Name</th>
                <th>Tasks</th>
                <th>Spent</th>
                <th>Cap</th>
                <th>Active keys</th>
                <th>Last active</th>
              </tr>
            </thead>
            <tbody>
              {agents.map((agent) => (
                <tr key={agent.id} className="border-t border-stone-100">
                  <td className="py-2">
                    <Link href={`/dashboard/agents/${agent.id}`} className="underline">
                      {agent.name}
                    </Link>
                  </td>
                  <td>{agent.taskCount}</td>
                  <td>{dollars(agent.totalSpentCents)}</td>
                  <td>{agent.spendingLimitCents === null ? 'none' : dollars(agent.spendingLimitCents)}</td>
                  <td>{agent.activeKeyCount}</td>
                  <td>
                    {when(agent.lastActiveAt)}
                    {agent.lastActiveIp && <span className="text-stone-500"> from {agent.lastActiveIp}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
