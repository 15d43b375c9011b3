import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { insertUser } from '@/test/factories';
import { listAgentNames } from './list-agent-names';

describe('listAgentNames', () => {
  it('names the operator’s own agents, deleted ones too, and no one else’s', async () => {
    const { db } = await getDatabase();
    const operator = await insertUser(db);
    const other = await insertUser(db);
    const scout = await insertUser(db, { type: 'agent', ownerId: operator.id, name: 'Scout', email: null });
    const retired = await insertUser(db, {
      type: 'agent',
      ownerId: operator.id,
      name: 'Retired',
      email: null,
      deletedAt: new Date(),
    });
    const unnamed = await insertUser(db, { type: 'agent', ownerId: operator.id, name: null, email: null });
    await insertUser(db, { type: 'agent', ownerId: other.id, name: 'Not mine', email: null });
    const names = await listAgentNames(db, operator.id);
    expect(Object.fromEntries(names)).toEqual({
      [scout.id]: 'Scout',
      [retired.id]: 'Retired',
      [unnamed.id]: 'an agent',
    });
  });
});
