import type { AccountCounts } from '@/lib/services/admin/count-accounts';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The accounts in words, people apart from agents: "12 people, 5 agents", "1 person, 1 agent". */
export function describeAccounts({ people, agents }: AccountCounts): string {
  return `${plural(people, 'person', 'people')}, ${plural(agents, 'agent', 'agents')}`;
}
