import { users } from '@/db/schema';

export const agentColumns = {
  id: users.id,
  name: users.name,
  spendingLimitCents: users.spendingLimitCents,
};
