import type { Metadata } from 'next';
import Link from 'next/link';
import { resendVerificationAction } from '@/app/(site)/account-actions';
import { LocalTime } from '@/components/local-time';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Row, Table } from '@/components/ui/table';
import { VerifyEmailFirst } from '@/components/verify-email-first';
import { getDatabase } from '@/db/client';
import { formatMoney } from '@/lib/format/money';
import { listAgents } from '@/lib/services/agents/list-agents';
import { requireBrowserUser } from '@/lib/web/require-browser-user';
import { NewKeyForm } from '../new-key-form';
import { createAgentAction } from './actions';
import { ClaimCodePanel } from './claim-code-panel';
import { SPENDING_CAP_HINT } from './spending-cap-rule';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Agents' };

export default async function AgentsPage() {
  const current = await requireBrowserUser('/dashboard/agents');
  const { db } = await getDatabase();
  const agents = await listAgents(db, current.user.id);
  const verified = current.user.emailVerified;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Agents"
        description="Each agent has its own API keys and an optional spending cap on your card."
      />
      <Card title="Create an agent">
        {verified ? (
          <NewKeyForm
            action={createAgentAction}
            noun="Agent"
            placeholder="e.g. Store checker"
            secretLabel="Your agent’s API key"
          >
            <Field
              label="Spending cap ($)"
              name="spendingLimit"
              type="number"
              min="0"
              step="0.01"
              hint={SPENDING_CAP_HINT}
            />
          </NewKeyForm>
        ) : (
          <VerifyEmailFirst what="agents" email={current.user.email} resend={resendVerificationAction} />
        )}
      </Card>
      <Card
        title="Connect an agent with a claim code"
        description="For an agent that is already running: it registers itself with the code and receives its own key."
      >
        {verified ? (
          <ClaimCodePanel />
        ) : (
          <VerifyEmailFirst what="claim codes" email={current.user.email} resend={resendVerificationAction} />
        )}
      </Card>
      <Card title="Your agents">
        {agents.length === 0 ? (
          <EmptyState>No agents yet.</EmptyState>
        ) : (
          <Table testId="agents-table" columns={['Name', 'Tasks', 'Spent', 'Cap', 'Active keys', 'Last active']}>
            {agents.map((agent) => (
              <Row key={agent.id}>
                <td>
                  <Link href={`/dashboard/agents/${agent.id}`} className="underline">
                    {agent.name}
                  </Link>
                </td>
                <td>{agent.taskCount}</td>
                <td>{formatMoney(agent.totalSpentCents)}</td>
                <td>{agent.spendingLimitCents === null ? 'none' : formatMoney(agent.spendingLimitCents)}</td>
                <td>{agent.activeKeyCount}</td>
                <td>
                  <LocalTime value={agent.lastActiveAt} />
                  {agent.lastActiveIp && <span className="text-stone-500"> from {agent.lastActiveIp}</span>}
                </td>
              </Row>
            ))}
          </Table>
        )}
      </Card>
    </div>
  );
}
